/** An issued invoice as the API answers it (SPEC.md §3); money in dollars, computed from cents. */
export interface InvoiceItem {
  quantity: number
  description: string
  unitPrice: number
  subtotal: number
}

export interface Invoice {
  /** The enrollment the invoice bills. */
  guid: string
  invoiceNumber: string
  /** ISO 8601 date of the approval, YYYY-MM-DD. */
  invoiceDate: string
  invoiceTerms: string
  invoiceYear: number
  invoiceBrand: string
  billTo: { lines: string[] }
  remitTo: { lines: string[] }
  /** Only items with a quantity above 0. */
  items: InvoiceItem[]
  subtotal: number
  grandTotal: number
}

/** An invoice is due this many days after its receipt. */
export const PAYMENT_DUE_DAYS = 60

/** The terms printed on every invoice. */
export const INVOICE_TERMS = `Net ${PAYMENT_DUE_DAYS}`

/** The sentence the LMA form, the invoice and the mails that lead to one say about payment. */
export const PAYMENT_DUE_SENTENCE = `Payment is due within ${PAYMENT_DUE_DAYS} days of invoice receipt.`
