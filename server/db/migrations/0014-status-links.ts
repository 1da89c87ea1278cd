import { type Kysely, sql } from 'kysely'

/**
 * The enrollee's status page (docs/product.md#status-page, docs/security.md#status-links): each
 * link is a capability of its own, kept as the SHA-256 of its token (never the token), scoped to
 * one enrollment, valid until 18 months after the enrollment's submission, revocable. An
 * enrollment may have several live links (each "Lost the mail?" request mints one); the office's
 * re-issue revokes them all and mints one. A deleted enrollment takes its links with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('status_links')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('enrollment_guid', 'uuid', (col) =>
      col.notNull().references('enrollments.guid').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute()
  await sql`create index status_links_enrollment_idx on status_links (enrollment_guid)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('status_links').execute()
}
