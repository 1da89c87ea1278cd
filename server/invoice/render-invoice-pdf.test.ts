import { describe, expect, it } from 'vitest'
import type { Invoice } from '../../shared/invoice/invoice.js'
import { pdfText } from '../test-support/pdf-text.js'
import { findBrandLogo } from './brand-logo.js'
import { renderInvoicePdf } from './render-invoice-pdf.js'

const invoice: Invoice = {
  guid: '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f',
  enrollmentReference: 'C81C-6061-6136',
  invoiceNumber: '2026-0042',
  invoiceDate: '2026-11-22',
  invoiceTerms: 'Net 60',
  invoiceYear: 2026,
  invoiceBrand: 'GM',
  billTo: { lines: ['Lakeshore GM Dealers', 'Attn: Sam Contact', 'sam@lakeshore.example'] },
  remitTo: { lines: ['Program Office', 'PO Box 7'] },
  items: [
    { quantity: 12, description: 'Large English Kit', unitPrice: 400, subtotal: 4800 },
    { quantity: 0, description: 'Small English Kit', unitPrice: 325, subtotal: 0 },
    { quantity: 3, description: 'Small Hispanic-Only Kit', unitPrice: 325, subtotal: 975 },
  ],
  subtotal: 5775,
  grandTotal: 5775,
  revision: 1,
  standing: 'live',
  voided: null,
  revisions: [],
}

describe('renderInvoicePdf', () => {
  it('writes the invoice as text on one page', async () => {
    const { pages, text } = await pdfText(
      await renderInvoicePdf(invoice, { logoPath: findBrandLogo('gm') }),
    )
    expect(pages).toBe(1)
    for (const expected of [
      'Invoice 2026-0042',
      'Invoice Number',
      '11/22/2026',
      'Net 60',
      'Bill to',
      'Attn: Sam Contact',
      'Remit payment to',
      'PO Box 7',
      '2026 GM Dealer Funded Point of Sale Kit Program',
      'Quantity',
      'Cost Per Kit',
      'Extended Cost',
      'Payment is due within 60 days of invoice receipt.',
    ]) {
      expect(text).toContain(expected)
    }
    expect(text).toMatch(/12\s+Large English Kit\s+\$400\.00\s+\$4,800\.00/)
    expect(text).toMatch(/3\s+Small Hispanic-Only Kit\s+\$325\.00\s+\$975\.00/)
    expect(text).toMatch(/Subtotal\s+\$5,775\.00/)
    expect(text).toMatch(/Grand Total\s+\$5,775\.00/)
    expect(text).not.toContain('Small English Kit')
  })

  it('names the enrollment it bills by its reference, as the receipt does', async () => {
    const { text } = await pdfText(await renderInvoicePdf(invoice))
    expect(text).toMatch(/Reference\s+C81C-6061-6136/)
    // An invoice queued for mailing before invoices kept the reference renders without it.
    const { enrollmentReference: _, ...older } = invoice
    const earlier = await pdfText(await renderInvoicePdf(older as Invoice))
    expect(earlier.text).toContain('Invoice 2026-0042')
    expect(earlier.text).not.toContain('Reference')
  })

  it('draws no logo when the file is missing, and still renders', async () => {
    const pdf = await renderInvoicePdf(invoice, { logoPath: '/nowhere/logo.png' })
    expect((await pdfText(pdf)).text).toContain('Invoice 2026-0042')
  })

  it('is deterministic and dated by the invoice date', async () => {
    const first = await renderInvoicePdf(invoice, { compress: false })
    const second = await renderInvoicePdf(invoice, { compress: false })
    expect(first.equals(second)).toBe(true)
    expect(first.toString('latin1')).toContain('(D:20261122000000Z)')
  })

  it('rounds the dollars to cents before printing them', async () => {
    const odd = { ...invoice, items: [], subtotal: 0.1 + 0.2, grandTotal: 1234.5 }
    const { text } = await pdfText(await renderInvoicePdf(odd))
    expect(text).toMatch(/Subtotal\s+\$0\.30/)
    expect(text).toMatch(/Grand Total\s+\$1,234\.50/)
  })
})
