import { type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { ShippingFigure } from '../../shared/enrollment/list-figure-filters.js'
import { enrollmentScopeSql } from './enrollment-scope-sql.js'

/**
 * The shipping figures of a sales event as SQL (docs/product.md#dashboard): the one definition
 * the dashboard counts and the list filters by (`shipping=CHEVY-2026-2:shipped`), so the figure
 * and its list hold the same dealers.
 *
 * - **To ship**: the rows of the event's latest release that are not cancelled. Before the first
 *   release an event has none: its manifest is what the Shipping tab shows, not yet the vendor's.
 * - **Shipped**: of those, the rows with at least one shipment of the event for their BAC.
 * - **Late**: of those, the rows without one once the program's today is past the ship-by date
 *   (none on the ship-by date or before).
 *
 * A row counts while its enrollment exists (the list cannot show a deleted one; the next release
 * cancels it) and, for a regional manager, when both the row (its region at release) and the
 * enrollment (its region now) are in their regions.
 */
export interface ShippingRowsOptions {
  scope: EnrollmentScope
  /** Only the event of this code, `BRAND-YEAR-NUMBER` in any case. */
  code?: string
  /** Only the events of this year, and of this brand (undefined: every brand). */
  year?: number
  brand?: string | undefined
}

/**
 * The rows to ship of each event's latest release (see above), one per manifest row:
 * `event_id`, `enrollment_guid`, `bac_key`, `ship_by` (date) and `shipped` (boolean).
 */
export function shippingRowsSql(options: ShippingRowsOptions): RawBuilder<unknown> {
  const { scope } = options
  const conditions: RawBuilder<unknown>[] = [
    enrollmentScopeSql(sql.ref('sr.region_id'), scope),
    enrollmentScopeSql(sql.ref('se.region_id'), scope),
  ]
  if (options.code !== undefined) {
    conditions.push(
      sql`upper(sv.brand) || '-' || sv.year || '-' || sv.number = ${options.code.toUpperCase()}`,
    )
  }
  if (options.year !== undefined) conditions.push(sql`sv.year = ${options.year}`)
  if (options.brand !== undefined) conditions.push(sql`sv.brand = ${options.brand}`)
  return sql`select sv.id as event_id, sr.enrollment_guid, sr.bac_key, sv.ship_by,
      exists (select 1 from shipments ss
        where ss.event_id = sv.id and ss.bac_key = sr.bac_key) as shipped
    from sales_events sv
    join manifest_releases sm on sm.event_id = sv.id
      and sm.number = (select max(latest.number) from manifest_releases latest
        where latest.event_id = sv.id)
    join manifest_release_rows sr on sr.release_id = sm.id and sr.change <> 'cancelled'
    join enrollments se on se.guid = sr.enrollment_guid
    where ${sql.join(conditions, sql` and `)}`
}

/**
 * Whether a row of `shippingRowsSql` (under `alias`) is one of the figure's on `today`
 * (YYYY-MM-DD, the program's today).
 */
export function shippingFigureSql(
  alias: string,
  figure: ShippingFigure,
  today: string,
): RawBuilder<boolean> {
  const shipped = sql.ref(`${alias}.shipped`)
  if (figure === 'shipped') return sql<boolean>`${shipped}`
  if (figure === 'late') {
    return sql<boolean>`(not ${shipped} and ${today}::date > ${sql.ref(`${alias}.ship_by`)})`
  }
  return sql<boolean>`true`
}
