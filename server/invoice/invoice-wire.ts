import { centsToDollars } from '../../shared/enrollment/pricing.js'
import type { InvoicePayment } from '../../shared/invoice/invoice.js'
import {
  creditDueBackCents,
  type Invoice,
  invoiceStanding,
  isOverdue,
  paymentDueDate,
  programToday,
} from '../../shared/invoice/invoice.js'
import type { InvoiceRecord, InvoiceRevision } from './invoice-repository.js'

/**
 * The API's shape of an invoice: only items above quantity 0, money in dollars, where it stands
 * and its revisions (`revisions`: every one, or none where the answer does not list them, as
 * the mailed PDF).
 */
export function toInvoiceWire(
  record: InvoiceRecord,
  revisions: readonly InvoiceRevision[] = [],
): Invoice {
  return {
    guid: record.enrollmentGuid,
    enrollmentReference: record.enrollmentReference,
    invoiceNumber: record.invoiceNumber,
    invoiceDate: record.invoiceDate,
    invoiceTerms: record.terms,
    invoiceYear: record.invoiceYear,
    invoiceBrand: record.brandName,
    billTo: { lines: record.billTo },
    remitTo: { lines: record.remitTo },
    items: record.items
      .filter((item) => item.quantity > 0)
      .map((item) => ({
        quantity: item.quantity,
        description: item.description,
        unitPrice: centsToDollars(item.unitPriceCents),
        subtotal: centsToDollars(item.subtotalCents),
      })),
    subtotal: centsToDollars(record.subtotalCents),
    grandTotal: centsToDollars(record.grandTotalCents),
    revision: record.revision,
    standing: invoiceStanding(record, record.enrollmentStatus),
    voided:
      record.voidedAt && record.voidCause
        ? { on: record.voidedAt, cause: record.voidCause, reason: record.voidReason }
        : null,
    revisions: revisions.map((each) => ({
      revision: each.revision,
      // The day the revision was issued (the invoice's date, and its terms, stay the first's).
      invoiceDate: programToday(new Date(each.issuedAt)),
      grandTotal: centsToDollars(each.grandTotalCents),
    })),
  }
}

/**
 * An invoice's payment state (docs/product.md#office-workflow), as the payment panel and the
 * status page show it: a void invoice is never overdue, and a payment recorded on it is a credit
 * due back.
 */
export function toPaymentWire(record: InvoiceRecord, today = programToday()): InvoicePayment {
  const standing = invoiceStanding(record, record.enrollmentStatus)
  const credit = creditDueBackCents(record)
  const paidCents = record.paidOn === null ? 0 : (record.paidCents ?? record.grandTotalCents)
  const balanceCents = standing === 'void' ? 0 : Math.max(0, record.grandTotalCents - paidCents)
  return {
    invoiceNumber: record.invoiceNumber,
    invoiceDate: record.invoiceDate,
    dueDate: paymentDueDate(record.invoiceDate),
    grandTotal: centsToDollars(record.grandTotalCents),
    paidOn: record.paidOn,
    reference: record.paymentReference,
    overdue: standing !== 'void' && isOverdue(record, today),
    revision: record.revision,
    standing,
    voidCause: record.voidCause,
    creditDueBack: credit === null ? null : centsToDollars(credit),
    paidAmount: record.paidOn === null ? null : centsToDollars(paidCents),
    balance: centsToDollars(balanceCents),
  }
}
