import { type Kysely, sql } from 'kysely'

/**
 * Authorization reminders (docs/product.md#authorization-reminders): when an LMA enrollment's
 * authorization was last requested (its submission or a re-authorization), how many reminders
 * went out since, and when the last one did. Existing LMA enrollments take the time of their
 * last request from their history, else their creation. Also an index for the dashboard.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments
    add column authorization_requested_at timestamptz,
    add column reminders_sent integer not null default 0,
    add column last_reminder_at timestamptz`.execute(db)
  await sql`update enrollments e set authorization_requested_at = coalesce(
      (select max(h.at) from enrollment_history h
       where h.enrollment_guid = e.guid and h.action in ('submitted', 're-authorized')),
      e.created_at)
    where e.type = 'Lma'`.execute(db)
  // The reminder scheduler's scan: only enrollments waiting for their representative.
  await sql`create index enrollments_authorizing_idx
    on enrollments (authorization_requested_at) where status = 'Authorizing'`.execute(db)
  // The dashboard reads the dealer rows of two years (over all brands) out of every year's.
  await sql`create index enrollment_dealers_year_idx on enrollment_dealers (year)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index enrollment_dealers_year_idx`.execute(db)
  await sql`drop index enrollments_authorizing_idx`.execute(db)
  await sql`alter table enrollments
    drop column authorization_requested_at,
    drop column reminders_sent,
    drop column last_reminder_at`.execute(db)
}
