import { ENROLLMENT_REFERENCE_HEADER } from '../../shared/domain/enrollment-reference.js'
import { INVOICE_ITEM_DESCRIPTIONS } from '../../shared/enrollment/pricing.js'
import { INVOICE_STANDING_WORDS, paymentStateWords } from '../../shared/format/status-words.js'
import {
  creditDueBackCents,
  invoiceStanding,
  isOverdue,
  isPaidInFull,
  paymentDueDate,
  programToday,
} from '../../shared/invoice/invoice.js'
import type { InvoiceRecord } from '../invoice/invoice-repository.js'
import type { CellValue, ReportColumn } from './report-sheet.js'

type Column = ReportColumn<InvoiceRecord>

export function itemQuantity(invoice: InvoiceRecord, description: string): number {
  return invoice.items.find((item) => item.description === description)?.quantity ?? 0
}

/**
 * The invoice report (docs/product.md#reports): number, the enrollment's reference, date, brand,
 * LMA, bill-to email, each item's quantity, totals, payment.
 */
export const INVOICE_REPORT_COLUMNS: readonly Column[] = [
  { header: 'Invoice Number', width: 15, kind: 'text', value: (it) => it.invoiceNumber },
  {
    header: ENROLLMENT_REFERENCE_HEADER,
    width: 16,
    kind: 'text',
    value: (it) => it.enrollmentReference,
  },
  {
    header: 'Invoice Date',
    width: 12,
    kind: 'date',
    value: (it) => new Date(`${it.invoiceDate}T00:00:00Z`),
  },
  { header: 'Brand', width: 12, kind: 'text', value: (it) => it.brandName },
  { header: 'LMA', width: 32, kind: 'text', value: (it) => it.lmaName },
  { header: 'Bill-To Email', width: 30, kind: 'text', value: (it) => it.billToEmail },
  ...INVOICE_ITEM_DESCRIPTIONS.map(
    (description): Column => ({
      header: description,
      width: Math.max(12, description.length + 2),
      kind: 'integer',
      value: (it) => itemQuantity(it, description),
    }),
  ),
  { header: 'Subtotal', width: 13, kind: 'currency', value: (it) => it.subtotalCents / 100 },
  { header: 'Grand Total', width: 13, kind: 'currency', value: (it) => it.grandTotalCents / 100 },
  {
    header: 'Due Date',
    width: 12,
    kind: 'date',
    value: (it) => new Date(`${paymentDueDate(it.invoiceDate)}T00:00:00Z`),
  },
  { header: 'Payment', width: 10, kind: 'text', value: (it) => paymentState(it) },
  {
    header: 'Paid On',
    width: 12,
    kind: 'date',
    value: (it) => (it.paidOn ? new Date(`${it.paidOn}T00:00:00Z`) : null),
  },
  { header: 'Payment Reference', width: 20, kind: 'text', value: (it) => it.paymentReference },
  // One amount column per state, so that the totals row gives paid, unpaid and overdue sums
  // (an overdue invoice counts as overdue, not also as unpaid).
  ...(['Paid', 'Unpaid', 'Overdue'] as const).map(
    (state): Column => ({
      header: `Amount ${state}`,
      width: 15,
      kind: 'currency',
      value: (it) => (paymentState(it) === state ? it.grandTotalCents / 100 : 0),
    }),
  ),
  { header: 'Revision', width: 10, kind: 'integer', value: (it) => it.revision },
  {
    header: 'Standing',
    width: 15,
    kind: 'text',
    value: (it) => INVOICE_STANDING_WORDS[invoiceStanding(it, it.enrollmentStatus)],
  },
  {
    header: 'Void Reason',
    width: 30,
    kind: 'text',
    value: (it) =>
      it.voidCause === null
        ? null
        : `${it.voidCause === 'deleted' ? 'Deleted' : 'Declined'}${it.voidReason ? `: ${it.voidReason}` : ''}`,
  },
  {
    header: 'Credit Due Back',
    width: 15,
    kind: 'currency',
    value: (it) => {
      const cents = creditDueBackCents(it)
      return cents === null ? 0 : cents / 100
    },
  },
]

/**
 * Paid, Overdue (unpaid past its due date) or Unpaid (docs/product.md#office-workflow); Void for
 * a void invoice, which is none of them.
 */
export function paymentState(invoice: InvoiceRecord): 'Paid' | 'Unpaid' | 'Overdue' | 'Void' {
  if (invoice.voidedAt !== null) return 'Void'
  return paymentStateWords({
    paidOn: isPaidInFull(invoice) ? invoice.paidOn : null,
    overdue: isOverdue(invoice, programToday()),
  })
}

/**
 * The totals row: 'Total', then the sum of every number column over the live invoices (a void
 * one is never counted as invoiced: docs/product.md#invoices), but for the credits due back,
 * which only void invoices have. Revision numbers are not summed.
 */
export function invoiceTotals(invoices: readonly InvoiceRecord[]): CellValue[] {
  return INVOICE_REPORT_COLUMNS.map((column, index) => {
    if (index === 0) return 'Total'
    if (column.kind !== 'integer' && column.kind !== 'currency') return null
    if (column.header === 'Revision') return null
    const counted =
      column.header === 'Credit Due Back'
        ? invoices
        : invoices.filter((invoice) => invoice.voidedAt === null)
    const cents = counted.reduce((sum, invoice) => {
      const value = column.value(invoice)
      return sum + Math.round((typeof value === 'number' ? value : 0) * 100)
    }, 0)
    return cents / 100
  })
}
