import type { z } from 'zod'
import type { invoiceSchema } from './invoice-schema.js'

/** An issued invoice as the API answers it; money in dollars, computed from cents. */
export type Invoice = z.output<typeof invoiceSchema>
export type InvoiceItem = Invoice['items'][number]

export const INVOICE_TERMS = 'Net 60'
