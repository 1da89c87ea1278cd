import { type RawBuilder, sql } from 'kysely'
import { dealerRowCostCents, rowKitCount } from '../../shared/enrollment/pricing.js'
import { ORDERING_STATUSES } from '../../shared/enrollment/program-figures.js'
import { KIT_FIGURES } from './kit-figures.js'

/**
 * The program's figures of one enrollment (under `alias`) as SQL, written from the shared rules
 * of shared/enrollment/program-figures.ts and the counts the database keeps on each enrollment
 * (`dealer_rows`, `ordering_large_yes`, ...: migration 0009), so no dealer row is read. The list,
 * its export and the dashboard read these and nothing else.
 */

/** Whether the enrollment orders kits: its status is one of ORDERING_STATUSES. */
export function ordersKitsSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(`${alias}.status`)} in (${sql.join(ORDERING_STATUSES.map((status) => sql.lit(status)))})`
}

const ordering = (alias: string, perRow: (kit: (typeof KIT_FIGURES)[number]) => number) =>
  sql.join(
    KIT_FIGURES.map((kit) => sql`${sql.ref(`${alias}.${kit.column}`)} * ${sql.lit(perRow(kit))}`),
    sql` + `,
  )

/** The kits it orders, add-on kits included. */
export function orderedKitsSql(alias: string): RawBuilder<number> {
  return sql<number>`(case when ${ordersKitsSql(alias)} then ${ordering(alias, (kit) => rowKitCount({ ...kit, billing: 'ImrFunds' }))} else 0 end)`
}

/** The dealers it covers. */
export function coveredDealersSql(alias: string): RawBuilder<number> {
  return sql<number>`(case when ${ordersKitsSql(alias)} then ${sql.ref(`${alias}.dealer_rows`)} else 0 end)`
}

/** What its kits cost a year at the program's prices, in cents, whatever its status. */
export function kitCostCentsSql(alias: string): RawBuilder<number> {
  return sql<number>`(${ordering(alias, (kit) => dealerRowCostCents({ ...kit, billing: 'ImrFunds' }))})`
}

/**
 * Its amount in cents: its invoice's grand total once it has one (under `invoiceAlias`, left
 * joined), else what its kits cost while it orders them.
 */
export function amountCentsSql(alias: string, invoiceAlias: string): RawBuilder<number> {
  return sql<number>`coalesce(${sql.ref(`${invoiceAlias}.grand_total_cents`)}, case when ${ordersKitsSql(alias)} then ${kitCostCentsSql(alias)} else 0 end)`
}
