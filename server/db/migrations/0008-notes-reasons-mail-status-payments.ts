import { type Kysely, sql } from 'kysely'

/**
 * The program office's workflow (docs/product.md#office-workflow):
 * 1. A history entry can carry the administrator's reason (Decline, Re-authorize).
 * 2. Internal notes on an enrollment: kept by guid without a foreign key, like the history, so a
 *    delete loses no note.
 * 3. A mail knows the enrollment it is about (its status is shown in the detail dialog) and when a
 *    worker claimed it, so that "send again" never races a send in progress.
 * 4. An invoice can be marked paid: the date and the payment's reference.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollment_history add column reason text`.execute(db)

  await db.schema
    .createTable('enrollment_notes')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('enrollment_guid', 'uuid', (col) => col.notNull())
    .addColumn('author', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index enrollment_notes_guid_idx on enrollment_notes (enrollment_guid, id)`.execute(
    db,
  )

  await sql`alter table outbox add column enrollment_guid uuid, add column claimed_at timestamptz`.execute(
    db,
  )
  await sql`create index outbox_enrollment_idx on outbox (enrollment_guid) where enrollment_guid is not null`.execute(
    db,
  )

  await sql`alter table invoices add column paid_on date, add column payment_reference text`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invoices drop column paid_on, drop column payment_reference`.execute(db)
  await sql`drop index outbox_enrollment_idx`.execute(db)
  await sql`alter table outbox drop column enrollment_guid, drop column claimed_at`.execute(db)
  await db.schema.dropTable('enrollment_notes').execute()
  await sql`alter table enrollment_history drop column reason`.execute(db)
}
