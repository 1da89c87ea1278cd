import { type RawBuilder, sql } from 'kysely'
import { rowKitCount } from '../../shared/enrollment/pricing.js'
import { KIT_FIGURES } from '../db/kit-figures.js'

/**
 * The kits an enrollment (under `alias`) orders, as SQL, from the counts the database keeps on
 * it (`ordering_large_yes`, ...: its dealer rows per kit figure, billing not None; migration
 * 0009) and the same shared rule, so no dealer row is read.
 */
export function enrollmentKitCountSql(alias: string): RawBuilder<number> {
  const terms = KIT_FIGURES.map(
    (kit) =>
      sql`${sql.ref(`${alias}.${kit.column}`)} * ${sql.lit(rowKitCount({ ...kit, billing: 'ImrFunds' }))}`,
  )
  return sql<number>`(${sql.join(terms, sql` + `)})`
}
