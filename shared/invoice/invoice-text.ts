import { REFERENCE_LABEL } from '../enrollment/enrollment-reference.js'
import { formatMoney } from '../enrollment/pricing.js'
import type { Invoice } from './invoice.js'

/** 2026-11-22 as 11/22/2026 (US short date), read from the ISO date: no time-zone shift. */
export function shortDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-')
  return `${Number(month)}/${Number(day)}/${year}`
}

/** The wire's dollars as $1,234.00; rounded to cents first, so 0.1 + 0.2 prints as $0.30. */
export function dollars(amount: number): string {
  return formatMoney(Math.round(amount * 100))
}

/**
 * The facts in the invoice's header, on the page and in the PDF: number, date, terms and the
 * reference of the enrollment it bills (none on an invoice that does not know it).
 */
export function invoiceFacts(
  invoice: Pick<Invoice, 'invoiceNumber' | 'invoiceDate' | 'invoiceTerms' | 'enrollmentReference'>,
): Array<[label: string, value: string]> {
  const facts: Array<[string, string]> = [
    ['Invoice Number', invoice.invoiceNumber],
    ['Date', shortDate(invoice.invoiceDate)],
    ['Terms', invoice.invoiceTerms],
  ]
  // An invoice queued for mailing before invoices kept the reference has no such field.
  if (invoice.enrollmentReference) facts.push([REFERENCE_LABEL, invoice.enrollmentReference])
  return facts
}

/** The invoice's program heading (docs/product.md#invoice-page). */
export function programHeading(invoice: Pick<Invoice, 'invoiceYear' | 'invoiceBrand'>): string {
  return `${invoice.invoiceYear} ${invoice.invoiceBrand} Dealer Funded Point of Sale Kit Program`
}
