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

export const INVOICE_TERMS = 'Net 60'
