import { REFERENCE_LABEL } from '../domain/enrollment-reference.js'
import { formatInvoiceDate } from '../format/date-text.js'
import type { Invoice } from './invoice.js'

/**
 * The facts in the invoice's header, on the page and in the PDF: number, revision from the
 * second on, whether it is void, date, terms and the reference of the enrollment it bills (none
 * on an invoice that does not know it).
 */
export function invoiceFacts(
  invoice: Pick<Invoice, 'invoiceNumber' | 'invoiceDate' | 'invoiceTerms' | 'enrollmentReference'> &
    // A PDF queued for mailing before invoices had revisions has neither field.
    Partial<Pick<Invoice, 'revision' | 'standing'>>,
): Array<[label: string, value: string]> {
  const facts: Array<[string, string]> = [['Invoice Number', invoice.invoiceNumber]]
  if ((invoice.revision ?? 1) > 1) facts.push(['Revision', String(invoice.revision)])
  if (invoice.standing === 'void') facts.push(['Status', 'Void'])
  facts.push(['Date', formatInvoiceDate(invoice.invoiceDate)], ['Terms', invoice.invoiceTerms])
  // An invoice queued for mailing before invoices kept the reference has no such field.
  if (invoice.enrollmentReference) facts.push([REFERENCE_LABEL, invoice.enrollmentReference])
  return facts
}

/** The invoice's program heading (docs/product.md#invoice-page). */
export function programHeading(invoice: Pick<Invoice, 'invoiceYear' | 'invoiceBrand'>): string {
  return `${invoice.invoiceYear} ${invoice.invoiceBrand} Dealer Funded Point of Sale Kit Program`
}
