import { type Kysely, sql } from 'kysely'

/**
 * Demo enrollments are marked (docs/decisions.md, "Demo enrollments never send mail"): their
 * representatives and contacts are made up, and with a real SMTP_URL a reminder would reach
 * whoever owns those addresses. Demo data seeded before this migration is recognized by the
 * actor of its history; its mails not sent yet are dropped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments add column demo boolean not null default false`.execute(db)
  await sql`update enrollments set demo = true
    where guid in (select enrollment_guid from enrollment_history where actor = 'demo data')`.execute(
    db,
  )
  await sql`delete from outbox
    where sent_at is null and enrollment_guid in (select guid from enrollments where demo)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments drop column demo`.execute(db)
}
