import { type Kysely, sql } from 'kysely'

/**
 * The BAC type-ahead answers from the dealer directory held in memory, loaded by one read of
 * the whole table (docs/decisions.md, "The BAC type-ahead answers from memory"), so no query
 * reads the prefix index of 0002 any more; it only cost every directory import and approval.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dealer_directory_bac_prefix_idx').ifExists().execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists dealer_directory_bac_prefix_idx
    on dealer_directory (upper(bac) text_pattern_ops)`.execute(db)
}
