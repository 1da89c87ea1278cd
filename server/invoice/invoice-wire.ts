import { centsToDollars } from '../../shared/enrollment/pricing.js'
import type { Invoice } from '../../shared/invoice/invoice.js'
import type { InvoiceRecord } from './invoice-repository.js'

/** The API's shape of an invoice: only items above quantity 0, money in dollars. */
export function toInvoiceWire(record: InvoiceRecord): Invoice {
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
  }
}
