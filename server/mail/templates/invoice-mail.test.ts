import { describe, expect, it } from 'vitest'
import { type InvoiceMailInput, invoiceMail } from './invoice-mail.js'

const input: InvoiceMailInput = {
  invoiceNumber: '2025-0007',
  invoiceDate: '2025-03-04',
  terms: 'Net 60',
  year: 2025,
  brandName: 'Chevrolet',
  lmaName: 'Tri-County <Chevy> & Friends',
  enrollmentReference: 'C81C-6061-6136',
  items: [
    { description: 'Large English Kit', quantity: 2, unitPriceCents: 40000, subtotalCents: 80000 },
    { description: 'Small English Kit', quantity: 0, unitPriceCents: 32500, subtotalCents: 0 },
  ],
  grandTotalCents: 80000,
  remitTo: ['Program Office', 'PO Box 7', 'Detroit, MI 48226'],
  revision: 1,
  replaces: null,
  supportEmail: 'help@example.com',
  supportPhone: '1-800-555-0142',
}

describe('invoiceMail', () => {
  it('names the invoice and program, with the total, terms and where to pay', () => {
    const mail = invoiceMail(input)
    expect(mail.subject).toBe('Invoice 2025-0007: 2025 Chevrolet Dealer Funded POS Program')
    expect(mail.text).toContain('Date: Mar 4, 2025')
    expect(mail.text).toContain('Large English Kit: 2 × $400.00 = $800.00')
    expect(mail.text).not.toContain('Small English Kit')
    expect(mail.text).toContain('Total due: $800.00')
    expect(mail.text).toContain('Payment is due within 60 days of invoice receipt.')
    expect(mail.text).toContain('Remit payment to:\nProgram Office\nPO Box 7\nDetroit, MI 48226')
    expect(mail.text).toContain('help@example.com or 1-800-555-0142')
    expect(mail.html).toContain('Program Office<br>PO Box 7<br>Detroit, MI 48226')
    expect(mail.text).not.toContain('replaces')
  })

  it('names the enrollment by its reference, as the receipt does', () => {
    expect(invoiceMail(input).text).toContain('Reference: C81C-6061-6136')
    expect(invoiceMail({ ...input, enrollmentReference: null }).text).not.toContain('Reference')
  })

  it('escapes user text in the HTML part', () => {
    const mail = invoiceMail(input)
    expect(mail.html).toContain('Tri-County &lt;Chevy&gt; &amp; Friends')
    expect(mail.html).not.toContain('<Chevy>')
    expect(mail.text).toContain('Tri-County <Chevy> & Friends')
  })

  it('names a revision, and says which revision it replaces, with its date and total', () => {
    const mail = invoiceMail({
      ...input,
      revision: 2,
      replaces: { revision: 1, invoiceDate: '2025-02-01', grandTotalCents: 112500 },
    })
    expect(mail.subject).toBe(
      'Invoice 2025-0007, revision 2: 2025 Chevrolet Dealer Funded POS Program',
    )
    expect(mail.text).toContain('Revision: 2')
    expect(mail.text).toContain(
      'this revision replaces revision 1 of Feb 1, 2025 (total $1,125.00), under the same number',
    )
  })
})
