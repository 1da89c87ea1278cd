import type { Kysely } from 'kysely'
import { invoiceFilename, programToday } from '../../shared/invoice/invoice.js'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import { invoiceMail } from '../mail/templates/invoice-mail.js'
import type { IssueOutcome } from './invoice-repository.js'
import { toInvoiceWire } from './invoice-wire.js'

/**
 * Queues the invoice issued or revised (`issued`), its PDF attached, to the LMA's email address (docs/product.md#mails), in the
 * transaction that issued it. The outbox keeps the invoice as issued; the mail worker draws the
 * PDF when it sends the mail (drawInvoicePdf, invoice-pdf-attachment.ts), outside the approval's
 * transaction and its row lock.
 */
export async function enqueueInvoiceMail(
  context: { config: Config; outbox: OutboxRepository },
  executor: Kysely<Database>,
  issued: Exclude<IssueOutcome, { outcome: 'unchanged' }>,
): Promise<void> {
  const { config } = context
  const { invoice } = issued
  const mail = invoiceMail({
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate,
    terms: invoice.terms,
    year: invoice.invoiceYear,
    brandName: invoice.brandName,
    lmaName: invoice.lmaName,
    enrollmentReference: invoice.enrollmentReference,
    items: invoice.items,
    grandTotalCents: invoice.grandTotalCents,
    remitTo: invoice.remitTo,
    revision: invoice.revision,
    replaces:
      issued.outcome === 'revised'
        ? {
            revision: issued.replaced.revision,
            invoiceDate: programToday(new Date(issued.replaced.issuedAt)),
            grandTotalCents: issued.replaced.grandTotalCents,
          }
        : null,
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
        filename: invoiceFilename(invoice.invoiceNumber, invoice.revision),
        contentType: 'application/pdf',
        render: { kind: 'invoice-pdf', invoice: toInvoiceWire(invoice), brand: invoice.brand },
      },
    ],
  })
}
