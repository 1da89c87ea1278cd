import { type Kysely, sql } from 'kysely'

/**
 * Data retention (docs/security.md#data-retention): the personal data of enrollments declined or
 * deleted more than RETENTION_YEARS before the current enrollment year is erased by a job of the
 * scheduler (server/retention/).
 *
 * 1. `enrollments.erased_at`: when a declined enrollment's personal data was erased; the row
 *    stays, with what the dashboard counts.
 * 2. `enrollment_history.year`: the program year of the entry's enrollment, so that a deleted
 *    enrollment's history (which has no row to join) is found by its year. Existing entries take
 *    their enrollment's year; those of enrollments already deleted take their invoice's year
 *    (an invoice is of its enrollment's year), else the year after their first entry: an
 *    enrollment is submitted or rolled over in its program year or the year before, so that
 *    year is never earlier than the true one and erasure never comes early.
 * 3. `enrollment_history.erased_at`: when the entry's copies of personal data were erased.
 * 4. Two partial indexes for the job: the declined enrollments and the deletions still holding
 *    personal data, by year; once erased a row leaves its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments add column erased_at timestamptz`.execute(db)
  await sql`alter table enrollment_history add column year integer, add column erased_at timestamptz`.execute(
    db,
  )
  await sql`
    update enrollment_history h set year = e.year
    from enrollments e where e.guid = h.enrollment_guid`.execute(db)
  await sql`
    update enrollment_history h set year = i.invoice_year
    from invoices i where h.year is null and i.enrollment_guid = h.enrollment_guid`.execute(db)
  await sql`
    update enrollment_history h set year = first.year
    from (
      select enrollment_guid, extract(year from min(at))::integer + 1 as year
      from enrollment_history where year is null group by enrollment_guid
    ) first
    where h.year is null and h.enrollment_guid = first.enrollment_guid`.execute(db)
  await sql`alter table enrollment_history alter column year set not null`.execute(db)
  await sql`
    create index enrollments_declined_unerased_idx on enrollments (year)
    where status = 'Declined' and erased_at is null`.execute(db)
  await sql`
    create index enrollment_history_deleted_unerased_idx on enrollment_history (year)
    where action = 'deleted' and erased_at is null`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index enrollment_history_deleted_unerased_idx`.execute(db)
  await sql`drop index enrollments_declined_unerased_idx`.execute(db)
  await sql`alter table enrollment_history drop column year, drop column erased_at`.execute(db)
  await sql`alter table enrollments drop column erased_at`.execute(db)
}
