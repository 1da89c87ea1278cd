import type { Enrollment } from '@shared/enrollment/enrollment'
import { describe, expect, it } from 'vitest'
import { type RevisedInvoice, saveRevision, saveRevisionQuestion } from './save-revision'

type Row = Pick<Enrollment['dealers'][number], 'kitSize' | 'hispanic'>

const lma = (rows: Row[], emailAddress = 'billing@valley.example') =>
  ({
    type: 'Lma',
    lma: { emailAddress } as Enrollment['lma'],
    dealers: rows.map((row) => ({ ...row, billing: '' }) as Enrollment['dealers'][number]),
  }) satisfies Pick<Enrollment, 'type' | 'lma' | 'dealers'>

/** Invoice 2026-0003, revision 1: two Large English kits and one add-on, $925.00. */
const invoice: RevisedInvoice = {
  invoiceNumber: '2026-0003',
  revision: 1,
  standing: 'live',
  grandTotal: 925,
  items: [
    { description: 'Large English Kit', quantity: 2, unitPrice: 400, subtotal: 800 },
    { description: 'Hispanic Add-On Kit', quantity: 1, unitPrice: 125, subtotal: 125 },
  ],
}
const billed: Row[] = [
  { kitSize: 'Large', hispanic: 'Yes' },
  { kitSize: 'Large', hispanic: 'No' },
]

describe('whether Save Changes revises the invoice (docs/product.md#invoices)', () => {
  it('revises an Approved LMA’s live invoice when what it owes changes, and says how', () => {
    const revision = saveRevision('Approved', invoice, lma([{ kitSize: 'Large', hispanic: 'Yes' }]))
    expect(revision).toEqual({
      invoiceNumber: '2026-0003',
      from: { revision: 1, grandTotal: 925 },
      to: { revision: 2, grandTotal: 525 },
      mailTo: 'billing@valley.example',
    })
    expect(saveRevisionQuestion(revision ?? expect.fail('a revision'))).toBe(
      'Saving revises invoice 2026-0003: revision 2 for $525.00 replaces revision 1 for $925.00, and mails it to billing@valley.example.',
    )
  })

  it('asks nothing when the items stay as invoiced (another field changed, rows reordered)', () => {
    expect(saveRevision('Approved', invoice, lma(billed))).toBeNull()
    expect(saveRevision('Approved', invoice, lma([...billed].reverse()))).toBeNull()
    // A row without kits adds nothing to the bill.
    expect(
      saveRevision('Approved', invoice, lma([...billed, { kitSize: 'Small', hispanic: 'None' }])),
    ).toBeNull()
  })

  it('revises on a change of items for the same total, as the server does', () => {
    // Large + add-on and Large English → Large Hispanic-only and Large + add-on: $925 either way.
    const swapped = saveRevision(
      'Approved',
      invoice,
      lma([
        { kitSize: 'Large', hispanic: 'Yes' },
        { kitSize: 'Large', hispanic: 'Only' },
      ]),
    )
    expect(swapped?.to).toEqual({ revision: 2, grandTotal: 925 })
  })

  it('leaves alone what the save does not revise: another status, no invoice, one not live, a dealer', () => {
    const fewer = lma([{ kitSize: 'Small', hispanic: 'No' }])
    for (const status of ['Authorizing', 'Approving', 'Declined'] as const) {
      expect(saveRevision(status, invoice, fewer)).toBeNull()
    }
    expect(saveRevision('Approved', null, fewer)).toBeNull()
    expect(saveRevision('Approved', { ...invoice, standing: 'void' }, fewer)).toBeNull()
    expect(saveRevision('Approved', { ...invoice, standing: 'under-revision' }, fewer)).toBeNull()
    expect(saveRevision('Approved', invoice, { ...fewer, type: 'Dealer' })).toBeNull()
  })

  it('counts from the revision shown: revision 3 replaces revision 2', () => {
    const second = { ...invoice, revision: 2 }
    expect(saveRevision('Approved', second, lma([]))?.to).toEqual({ revision: 3, grandTotal: 0 })
  })
})
