import { formatPrice } from '../format/money-text.js'
import type { DealerEntry } from './enrollment.js'

/** Yearly prices per kit, in integer cents (docs/product.md#prices). */
export interface KitPricesCents {
  Large: number
  Small: number
  HispanicAddOn: number
}

export const KIT_PRICES_CENTS: Readonly<KitPricesCents> = Object.freeze({
  Large: 40000,
  Small: 32500,
  HispanicAddOn: 12500,
})

/** What pricing reads of a dealer row. */
export type PricedRow = Pick<DealerEntry, 'kitSize' | 'hispanic' | 'billing'>

export const INVOICE_ITEM_DESCRIPTIONS = [
  'Large English Kit',
  'Small English Kit',
  'Large Hispanic-Only Kit',
  'Small Hispanic-Only Kit',
  'Hispanic Add-On Kit',
] as const
export type InvoiceItemDescription = (typeof INVOICE_ITEM_DESCRIPTIONS)[number]

export interface InvoiceItemCents {
  description: InvoiceItemDescription
  quantity: number
  unitPriceCents: number
  subtotalCents: number
}

export interface InvoiceItemsCents {
  /** All five items in the fixed order, quantity 0 included (the invoice shows those above 0). */
  items: InvoiceItemCents[]
  subtotalCents: number
  grandTotalCents: number
}

type KitCounts = Record<InvoiceItemDescription, number>

/**
 * The kits one row orders (docs/product.md#prices): Yes = the English kit of its size + one Hispanic
 * add-on; No = the English kit; Only = a Hispanic kit of its size instead of the English kit.
 * Nothing for billing None, hispanic None, or a row without a Small or Large kit size.
 */
export function rowKits(row: PricedRow): Partial<KitCounts> {
  if (row.billing === 'None') return {}
  if (row.kitSize !== 'Large' && row.kitSize !== 'Small') return {}
  const size = row.kitSize
  switch (row.hispanic) {
    case 'Yes':
      return { [`${size} English Kit`]: 1, 'Hispanic Add-On Kit': 1 }
    case 'No':
      return { [`${size} English Kit`]: 1 }
    case 'Only':
      return { [`${size} Hispanic-Only Kit`]: 1 }
    default:
      return {}
  }
}

/** How many kits one row orders (an add-on kit counts as one): what the admin list's Kits column adds up. */
export function rowKitCount(row: PricedRow): number {
  return Object.values(rowKits(row)).reduce((sum, quantity) => sum + (quantity ?? 0), 0)
}

/** The yearly cost of one dealer row, in cents. */
export function dealerRowCostCents(row: PricedRow, prices: KitPricesCents = KIT_PRICES_CENTS) {
  let total = 0
  for (const [description, quantity] of Object.entries(rowKits(row))) {
    total += quantity * unitPriceCents(description as InvoiceItemDescription, prices)
  }
  return total
}

/** The invoice items of a list of dealer rows, with totals, in cents. */
export function invoiceItems(
  rows: readonly PricedRow[],
  prices: KitPricesCents = KIT_PRICES_CENTS,
): InvoiceItemsCents {
  const counts = Object.fromEntries(INVOICE_ITEM_DESCRIPTIONS.map((d) => [d, 0])) as KitCounts
  for (const row of rows) {
    for (const [description, quantity] of Object.entries(rowKits(row))) {
      counts[description as InvoiceItemDescription] += quantity
    }
  }
  const items = INVOICE_ITEM_DESCRIPTIONS.map((description) => {
    const quantity = counts[description]
    const unit = unitPriceCents(description, prices)
    return { description, quantity, unitPriceCents: unit, subtotalCents: quantity * unit }
  })
  const subtotalCents = items.reduce((sum, item) => sum + item.subtotalCents, 0)
  return { items, subtotalCents, grandTotalCents: subtotalCents }
}

/** The price of one kit of an invoice item; a Hispanic-only kit costs what its size costs. */
export function unitPriceCents(
  description: InvoiceItemDescription,
  prices: KitPricesCents = KIT_PRICES_CENTS,
): number {
  if (description === 'Hispanic Add-On Kit') return prices.HispanicAddOn
  return description.startsWith('Large') ? prices.Large : prices.Small
}

/** Money on the wire is a number of dollars (docs/product.md#prices): 125050 → 1250.5. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/** The hint beside the LMA dealer table's Kit Size column: '$400/large, $325/small'. */
export const KIT_SIZE_PRICE_HINT = `${formatPrice(KIT_PRICES_CENTS.Large)}/large, ${formatPrice(KIT_PRICES_CENTS.Small)}/small`

/** The hint beside its Hispanic column: '$125/kit'. */
export const HISPANIC_PRICE_HINT = `${formatPrice(KIT_PRICES_CENTS.HispanicAddOn)}/kit`
