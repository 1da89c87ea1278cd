import type { MailAttachment } from '../db/schema.js'
import { findBrandLogo } from '../invoice/brand-logo.js'
import { renderInvoicePdf } from '../invoice/render-invoice-pdf.js'

/**
 * The bytes of an outbox attachment: stored ones as they are, an invoice PDF drawn now from the
 * invoice as issued. The PDF's creation date is the invoice date, so a mail sent again carries
 * the same bytes.
 */
export async function attachmentBytes(attachment: MailAttachment): Promise<Buffer> {
  if (attachment.render === undefined) return Buffer.from(attachment.content, 'base64')
  const { invoice, brand } = attachment.render
  return renderInvoicePdf(invoice, { logoPath: findBrandLogo(brand) })
}
