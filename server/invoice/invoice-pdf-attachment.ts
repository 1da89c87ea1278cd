import type { AttachmentRender } from '../db/schema.js'
import { findBrandLogo } from './brand-logo.js'
import { renderInvoicePdf } from './render-invoice-pdf.js'

/**
 * The PDF of an invoice mail, drawn by the mail worker when it sends the mail, from the invoice as
 * issued. The PDF's creation date is the invoice date, so a mail sent again carries the same bytes.
 */
export function drawInvoicePdf({ invoice, brand }: AttachmentRender): Promise<Buffer> {
  return renderInvoicePdf(invoice, { logoPath: findBrandLogo(brand) })
}
