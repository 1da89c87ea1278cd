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

/** The invoice's program heading (docs/product.md#invoice-page). */
export function programHeading(invoice: Pick<Invoice, 'invoiceYear' | 'invoiceBrand'>): string {
  return `${invoice.invoiceYear} ${invoice.invoiceBrand} Dealer Funded Point of Sale Kit Program`
}
