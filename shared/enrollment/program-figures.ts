import type { EnrollmentStatus } from '../domain/enrollment-choices.js'
import { type PricedRow, rowKitCount } from './pricing.js'

/**
 * What the program counts, said once (docs/product.md#figures). The list's count line and Kits
 * column, the dashboard's cards, tables and charts, the exports and the invoices all count with
 * these rules, on the server through the SQL that server/db/enrollment-figures-sql.ts
 * writes from them:
 *
 * - A kit is one kit shipped: a row's English or Hispanic-only kit, and its Hispanic add-on kit
 *   as one more (`rowKitCount`).
 * - Only an enrollment in one of `ORDERING_STATUSES` orders kits and covers its dealers: a
 *   declined enrollment orders none, and a deleted one no longer exists.
 * - An enrollment's amount is what its kits cost at the program's prices, or its invoice's
 *   grand total once it has one (the invoice keeps the prices of its day).
 */
export const ORDERING_STATUSES = [
  'Authorizing',
  'Approving',
  'Approved',
] as const satisfies readonly EnrollmentStatus[]

export function ordersKits(status: string): boolean {
  return (ORDERING_STATUSES as readonly string[]).includes(status)
}

/** The kits a dealer row of an enrollment in `status` orders. */
export function orderedKits(status: string, row: PricedRow): number {
  return ordersKits(status) ? rowKitCount(row) : 0
}

/** The dealers an enrollment in `status` with `rows` dealer rows covers. */
export function coveredDealers(status: string, rows: number): number {
  return ordersKits(status) ? rows : 0
}
