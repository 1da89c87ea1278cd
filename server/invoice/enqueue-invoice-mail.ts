import type { Kysely } from 'kysely'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import { invoiceMail } from '../mail/templates/invoice-mail.js'
import { findBrandLogo } from './brand-logo.js'
import type { InvoiceRecord } from './invoice-repository.js'
import { toInvoiceWire } from './invoice-wire.js'
import { renderInvoicePdf } from './render-invoice-pdf.js'

/**
 * Queues the invoice, its PDF attached, to the LMA's email address (docs/product.md#mails), in the
 * transaction that issued it.
 */
export async function enqueueInvoiceMail(
  context: { config: Config; outbox: OutboxRepository },
  executor: Kysely<Database>,
  invoice: InvoiceRecord,
): Promise<void> {
  const { config } = context
  const pdf = await renderInvoicePdf(toInvoiceWire(invoice), {
    logoPath: findBrandLogo(invoice.brand),
  })
  const mail = invoiceMail({
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    terms: invoice.terms,
    year: invoice.invoiceYear,
    brandName: invoice.brandName,
    lmaName: invoice.lmaName,
    items: invoice.items,
    grandTotalCents: invoice.grandTotalCents,
    remitTo: invoice.remitTo,
    reissued: invoice.reissuedAt !== null,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  await context.outbox.enqueue(executor, {
    kind: 'invoice',
    enrollmentGuid: invoice.enrollmentGuid,
    recipient: invoice.billToEmail,
    ...mail,
    attachments: [
      {
        filename: `invoice-${invoice.invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        content: pdf.toString('base64'),
      },
    ],
  })
}
