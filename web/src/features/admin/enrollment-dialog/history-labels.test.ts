import { REASON_SHOWN_FIELD } from '@shared/enrollment/history-changes'
import { describe, expect, it } from 'vitest'
import { changeText } from './history-labels'

const regions = [
  { id: 2, name: 'California' },
  { id: 7, name: 'Great Lakes' },
]
const line = (
  change: { field: string; before: unknown; after: unknown; row?: string; erased?: boolean },
  lmaRows = true,
) => {
  const text = changeText(change, { regions, lmaRows })
  return text.before !== null && text.after !== null
    ? `${text.subject}: ${text.before} → ${text.after}`
    : `${text.subject}: ${text.after ?? text.before}`
}

describe('the history’s words (docs/product.md#history)', () => {
  it('names regions, LMA fields and choices as the forms do', () => {
    expect(line({ field: 'regionId', before: 7, after: 2 })).toBe(
      'Region: Great Lakes → California',
    )
    expect(line({ field: 'regionId', before: null, after: 99 })).toBe('Region: (blank) → Region 99')
    expect(line({ field: 'lma.emailAddress', before: 'a@x.example', after: '' })).toBe(
      'LMA Email: a@x.example → (blank)',
    )
    expect(line({ field: 'lma.nameChanged', before: false, after: true })).toBe(
      'LMA Name Changed: No → Yes',
    )
    expect(line({ field: 'dealers[0].billing', before: 'ImrFunds', after: 'None' }, false)).toBe(
      'Billing: iMR Funds → None',
    )
  })

  it('names the invoice an action issued, revised or voided', () => {
    expect(line({ field: 'invoice', before: null, after: '2026-0003 revision 1' })).toBe(
      'Invoice: (blank) → 2026-0003 revision 1',
    )
    expect(
      line({ field: 'invoice', before: '2026-0003 revision 1', after: '2026-0003 revision 2' }),
    ).toBe('Invoice: 2026-0003 revision 1 → 2026-0003 revision 2')
    expect(
      line({ field: 'invoice', before: '2026-0003 revision 2', after: '2026-0003 void' }),
    ).toBe('Invoice: 2026-0003 revision 2 → 2026-0003 void')
  })

  it('shows money as money', () => {
    expect(line({ field: 'yearlyCost', before: 1200, after: 1325.5 })).toBe(
      'Yearly cost: $1,200.00 → $1,325.50',
    )
    expect(line({ field: 'paymentAmount', before: null, after: 250 })).toBe(
      'paymentAmount: (blank) → $250.00',
    )
  })

  it('shows dealer rows added and removed as rows, and names the row a change belongs to', () => {
    expect(
      line({
        field: 'dealers[2]',
        before: null,
        after: { bac: '1004', name: 'West Chevy', kitSize: 'Large', hispanic: 'Yes' },
      }),
    ).toBe('Dealer added: 1004 West Chevy (Large, Hispanic: Yes)')
    expect(line({ field: 'dealers[0]', before: '1001 North Chevy', after: null })).toBe(
      'Dealer removed: 1001 North Chevy',
    )
    expect(
      line({
        field: 'dealers[1].kitSize',
        before: 'Large',
        after: 'Small',
        row: '1001 North Chevy',
      }),
    ).toBe('1001 North Chevy: Kit Size: Large → Small')
    expect(line({ field: 'dealers[3].name', before: 'A', after: 'B' })).toBe(
      'Dealer row 4: Dealer Name: A → B',
    )
    expect(line({ field: 'dealers[0].name', before: 'A', after: 'B' }, false)).toBe(
      'Dealer Name: A → B',
    )
  })

  it('says which field changed once data retention erased its values, and a dealer row without its name', () => {
    expect(line({ field: 'lma.authEmailAddress', before: null, after: null, erased: true })).toBe(
      'LMA Authorized Rep Email: (erased)',
    )
    expect(
      line({ field: 'dealers[1].authName', before: null, after: null, row: '1001', erased: true }),
    ).toBe('1001: Dealer Auth Name: (erased)')
    expect(line({ field: 'mail', before: null, after: null, erased: true })).toBe('Mail: (erased)')
    expect(
      line({
        field: 'dealers[2]',
        before: null,
        after: { bac: '1004', name: '', kitSize: 'Large', hispanic: 'Yes' },
        erased: true,
      }),
    ).toBe('Dealer added: 1004 (Large, Hispanic: Yes)')
  })

  it('shows a payment’s date as every other date is shown, not as stored', () => {
    expect(line({ field: 'paidOn', before: null, after: '2026-11-26' })).toBe(
      'Paid on: (blank) → Nov 26, 2026',
    )
    expect(line({ field: 'paidOn', before: '2026-01-05', after: '2026-02-01' })).toBe(
      'Paid on: Jan 5, 2026 → Feb 1, 2026',
    )
    expect(line({ field: 'paymentReference', before: null, after: '2026-11-26' })).toBe(
      'Payment reference: (blank) → 2026-11-26',
    )
  })

  it('names a mail sent again by its kind’s words, not its key', () => {
    expect(
      line({ field: 'mail', before: null, after: 'authorization-reminder to rep@x.example' }),
    ).toBe('Mail: (blank) → Authorization reminder to rep@x.example')
    expect(line({ field: 'mail', before: null, after: 'invoice to books@x.example' })).toBe(
      'Mail: (blank) → Invoice to books@x.example',
    )
  })

  it('says whether a Decline shows its reason on the status page, and when a change hides it', () => {
    expect(line({ field: REASON_SHOWN_FIELD, before: null, after: true })).toBe(
      'Reason shown on the status page: Yes',
    )
    expect(line({ field: REASON_SHOWN_FIELD, before: null, after: false })).toBe(
      'Reason shown on the status page: No',
    )
    expect(line({ field: REASON_SHOWN_FIELD, before: true, after: false })).toBe(
      'Reason shown on the status page: Yes → No',
    )
  })

  it('shows what it does not know as stored', () => {
    expect(line({ field: 'reminderCount', before: 1, after: 2 })).toBe('reminderCount: 1 → 2')
    expect(line({ field: 'note', before: null, after: { text: 'hi' } })).toBe(
      'note: (blank) → {"text":"hi"}',
    )
  })
})
