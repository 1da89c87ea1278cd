import { type Kysely, sql } from 'kysely'

/**
 * Save and continue later (docs/product.md#save-and-continue-later), and one schedule for every
 * periodic job:
 * 1. `enrollment_drafts`: a public form's values as saved, found by the SHA-256 of the token in
 *    its mailed link (server/capability/capability-token.ts), never by an id; no key shared with
 *    `enrollments`, so a draft never blocks a submission. Expired rows are purged by a job.
 * 2. `scheduled_jobs`: when each periodic job (authorization reminders, the drafts' purge) is
 *    next due; the instance that locks a due row (FOR UPDATE SKIP LOCKED) and moves it on runs
 *    the job, so it runs once across instances (server/scheduler/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('enrollment_drafts')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('brand', 'text', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('content', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('saved_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute()
  await sql`create index enrollment_drafts_expires_idx on enrollment_drafts (expires_at)`.execute(
    db,
  )

  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('due_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_run_at', 'timestamptz')
    .addColumn('runs', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduled_jobs').execute()
  await db.schema.dropTable('enrollment_drafts').execute()
}
