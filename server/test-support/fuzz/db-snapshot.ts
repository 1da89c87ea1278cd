import { type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.js'

/** Tables whose content is compared row by row. */
const CHECKSUMMED = ['enrollments', 'enrollment_dealers', 'invoices'] as const
/** Tables compared by row count and the newest row version (xmin): any insert or update shows. */
const VERSIONED = [
  'enrollment_history',
  'outbox',
  'invoice_sequences',
  'regions',
  'dealer_directory',
  'enrollment_drafts',
] as const

/**
 * Every table's row count, the newest transaction that wrote one of its rows, and for the
 * enrollments and invoices a checksum of the rows themselves (the sum of a hash of each whole
 * row, so no sort is needed), in one query: two snapshots are equal only when nothing was
 * stored, changed or removed in between.
 */
export async function databaseSnapshot(db: Kysely<Database>): Promise<Record<string, string>> {
  const version = sql`count(*) || ':' || coalesce(max(xmin::text::bigint), 0)`
  const columns = [
    ...CHECKSUMMED.map(
      (table) =>
        sql`(select ${version} || ':' || coalesce(sum(hashtext(t::text)), 0) from ${sql.table(table)} t) as ${sql.ref(table)}`,
    ),
    ...VERSIONED.map(
      (table) => sql`(select ${version} from ${sql.table(table)} t) as ${sql.ref(table)}`,
    ),
  ]
  const result = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db)
  return result.rows[0] ?? {}
}
