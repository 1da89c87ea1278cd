import type { z } from 'zod'
import type { invoiceSchema, paymentSchema } from './invoice-schema.js'

export { invoiceStanding } from './invoice-standing.js'

/** An issued invoice as the API answers it; money in dollars, computed from cents. */
export type Invoice = z.output<typeof invoiceSchema>
export type InvoiceItem = Invoice['items'][number]

/** An invoice's payment state as the API answers it (the payment panel, the status page). */
export type InvoicePayment = z.output<typeof paymentSchema>

/** An invoice is due this many days after its receipt. */
export const PAYMENT_DUE_DAYS = 60

/** The terms printed on every invoice. */
export const INVOICE_TERMS = `Net ${PAYMENT_DUE_DAYS}`

/** The sentence the LMA form, the invoice and the mails that lead to one say about payment. */
export const PAYMENT_DUE_SENTENCE = `Payment is due within ${PAYMENT_DUE_DAYS} days of invoice receipt.`

/** The day payment of an invoice dated `invoiceDate` (YYYY-MM-DD) is due: Net 60 from its date. */
export function paymentDueDate(invoiceDate: string): string {
  const due = new Date(`${invoiceDate}T00:00:00Z`)
  due.setUTCDate(due.getUTCDate() + PAYMENT_DUE_DAYS)
  return due.toISOString().slice(0, 10)
}

/**
 * The program's today, YYYY-MM-DD: the UTC calendar day of the server's clock, which also dates
 * the invoices. Overdue, paid and unpaid are decided on this day everywhere (the list, the
 * dashboard, the reports, the payment panel), never on the database's or the browser's clock.
 */
export function programToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}

/**
 * Paid in full: a payment recorded that covers the current total (`paidCents`, what it paid; a
 * revision upwards leaves the balance unpaid). Without `paidCents`, a recorded payment is.
 */
export function isPaidInFull(invoice: {
  paidOn: string | null
  paidCents?: number | null
  grandTotalCents?: number
}): boolean {
  if (invoice.paidOn === null) return false
  if (invoice.paidCents == null || invoice.grandTotalCents === undefined) return true
  return invoice.paidCents >= invoice.grandTotalCents
}

/** Overdue: not paid in full after its due date; `today` is YYYY-MM-DD. */
export function isOverdue(
  invoice: {
    invoiceDate: string
    paidOn: string | null
    paidCents?: number | null
    grandTotalCents?: number
  },
  today: string,
): boolean {
  return !isPaidInFull(invoice) && today > paymentDueDate(invoice.invoiceDate)
}

/**
 * How every screen, file and mail names an invoice: 'Invoice 2026-0003', and from its second
 * revision on 'Invoice 2026-0003, revision 2' (docs/product.md#invoices).
 */
export function invoiceName(invoiceNumber: string, revision: number): string {
  return revision > 1
    ? `Invoice ${invoiceNumber}, revision ${revision}`
    : `Invoice ${invoiceNumber}`
}

/** The file name of an invoice's PDF: `invoice-2026-0003.pdf`, `invoice-2026-0003-r2.pdf`. */
export function invoiceFilename(invoiceNumber: string, revision: number): string {
  return revision > 1 ? `invoice-${invoiceNumber}-r${revision}.pdf` : `invoice-${invoiceNumber}.pdf`
}

/**
 * What is owed back to the LMA, in cents, else null: all it paid on a void invoice; what it paid
 * above the total of a live one revised downwards.
 */
export function creditDueBackCents(invoice: {
  voidedAt: string | null
  paidOn: string | null
  paidCents: number | null
  grandTotalCents: number
}): number | null {
  if (invoice.paidOn === null) return null
  // A payment recorded without its amount paid the whole total (isPaidInFull).
  const paid = invoice.paidCents ?? invoice.grandTotalCents
  if (invoice.voidedAt !== null) return paid
  return paid > invoice.grandTotalCents ? paid - invoice.grandTotalCents : null
}
