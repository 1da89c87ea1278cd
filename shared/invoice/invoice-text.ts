import type { Invoice } from './invoice.js'

/** The invoice's program heading (docs/product.md#invoice-page). */
export function programHeading(invoice: Pick<Invoice, 'invoiceYear' | 'invoiceBrand'>): string {
  return `${invoice.invoiceYear} ${invoice.invoiceBrand} Dealer Funded Point of Sale Kit Program`
}
