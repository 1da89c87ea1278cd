import { type Kysely, sql } from 'kysely'

/**
 * The Excel export reads every enrollment page by page in report order (newest year first,
 * then brand, created, id) with a row comparison on that key
 * (server/report/enrollment-export-repository.ts). This index has the key exactly, the year
 * negated as the comparison writes it, so each page is an index range scan of its own rows
 * instead of a sort of every enrollment after the cursor (docs/performance.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index enrollments_export_order_idx
    on enrollments ((-year), brand, created_at, id)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('enrollments_export_order_idx').ifExists().execute()
}
