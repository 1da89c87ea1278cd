import { type Kysely, sql } from 'kysely'

/**
 * The reference is the enrollment's shared name (docs/product.md#fields):
 *
 * 1. The admin list finds an enrollment by the start of its reference, typed with or without
 *    dashes: a prefix match on the reference without its dashes, which this index keeps an index
 *    scan (text_pattern_ops: LIKE 'C81C60%' is a range of it whatever the database's collation).
 * 2. An invoice keeps the reference of its enrollment, as it keeps the rest of its content, so
 *    it still names it once the enrollment is deleted. Invoices of enrollments deleted before
 *    this migration have none (null) and show none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index enrollments_reference_digits_idx
    on enrollments (replace(reference, '-', '') text_pattern_ops)`.execute(db)
  await sql`alter table invoices add column enrollment_reference text`.execute(db)
  await sql`update invoices i set enrollment_reference = e.reference
    from enrollments e where e.guid = i.enrollment_guid`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices drop column enrollment_reference`.execute(db)
  await db.schema.dropIndex('enrollments_reference_digits_idx').ifExists().execute()
}
