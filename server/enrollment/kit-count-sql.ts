import { type RawBuilder, sql } from 'kysely'
import { HISPANIC_OPTIONS, KIT_SIZES } from '../../shared/enrollment/enrollment.js'
import { rowKitCount } from '../../shared/enrollment/pricing.js'

/**
 * The kits one row of `enrollment_dealers` (under `alias`) orders, as SQL: a CASE written from
 * the shared pricing rule (`rowKitCount`) for every kit size and hispanic option, so the
 * database counts exactly as the rule does and the rule stays in one place.
 */
export function rowKitCountSql(alias: string): RawBuilder<number> {
  const row = (column: string) => sql.ref(`${alias}.${column}`)
  const cases = KIT_SIZES.flatMap((kitSize) =>
    HISPANIC_OPTIONS.flatMap((hispanic) => {
      const kits = rowKitCount({ kitSize, hispanic, billing: 'Lma' })
      return kits === 0
        ? []
        : [
            sql`when ${row('kit_size')} = ${sql.lit(kitSize)} and ${row('hispanic')} = ${sql.lit(hispanic)} then ${sql.lit(kits)}`,
          ]
    }),
  )
  const none = rowKitCount({ kitSize: 'Large', hispanic: 'Yes', billing: 'None' })
  return sql<number>`case when ${row('billing')} = 'None' then ${sql.lit(none)} ${sql.join(cases, sql` `)} else 0 end`
}
