import { type Kysely, sql } from 'kysely'

/** The kit figures of the dashboard, as of this migration: kit size by hispanic option. */
const ORDERING = [
  ['large', 'Large', 'yes', 'Yes'],
  ['large', 'Large', 'no', 'No'],
  ['large', 'Large', 'only', 'Only'],
  ['small', 'Small', 'yes', 'Yes'],
  ['small', 'Small', 'no', 'No'],
  ['small', 'Small', 'only', 'Only'],
] as const

/**
 * What the dashboard reads (docs/product.md#dashboard, docs/performance.md "The dashboard"):
 *
 * 1. Each enrollment counts its dealer rows: `dealer_rows`, and per kit size and hispanic option
 *    the rows that order kits (`ordering_large_yes`, ...: billing not None). The database keeps
 *    them: statement triggers on `enrollment_dealers` count the rows of every enrollment a
 *    statement touched, whichever code wrote them, so the dashboard groups a year's enrollments
 *    instead of joining them to their dealer rows.
 * 2. An index on (year, created_at), with the brand: a year's first submission is the index's
 *    first entry for it, and the submissions per week are counted from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const columns = ORDERING.map(([size, , hispanic]) => `ordering_${size}_${hispanic}`)
  await sql
    .raw(
      `alter table enrollments add column dealer_rows integer not null default 0, ${columns
        .map((column) => `add column ${column} integer not null default 0`)
        .join(', ')}`,
    )
    .execute(db)

  const counts = ORDERING.map(
    ([size, kitSize, hispanic, option]) =>
      `count(d.id) filter (where d.billing <> 'None' and d.kit_size = '${kitSize}' and d.hispanic = '${option}') as ordering_${size}_${hispanic}`,
  ).join(',\n          ')
  const assignments = columns.map((column) => `${column} = c.${column}`).join(', ')
  // `touched` is the statement's changed rows (a transition table); the counts are taken again
  // from the table, so a statement of any size leaves every enrollment it touched exact.
  const recount = (touched: string) => `
      update enrollments e set dealer_rows = c.dealer_rows, ${assignments}
      from (
        select t.enrollment_id, count(d.id) as dealer_rows,
          ${counts}
        from (select distinct enrollment_id from ${touched}) t
          left join enrollment_dealers d on d.enrollment_id = t.enrollment_id
        group by t.enrollment_id
      ) c
      where e.id = c.enrollment_id;`
  await sql
    .raw(`
    create function enrollment_dealer_counts() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${recount('new_rows')}
      elsif tg_op = 'DELETE' then ${recount('old_rows')}
      else ${recount('(select enrollment_id from new_rows union select enrollment_id from old_rows) both_rows')}
      end if;
      return null;
    end $$`)
    .execute(db)
  // A trigger with transition tables takes one event.
  await sql`create trigger enrollment_dealer_counts_insert after insert on enrollment_dealers
    referencing new table as new_rows for each statement execute function enrollment_dealer_counts()`.execute(
    db,
  )
  await sql`create trigger enrollment_dealer_counts_update after update on enrollment_dealers
    referencing old table as old_rows new table as new_rows
    for each statement execute function enrollment_dealer_counts()`.execute(db)
  await sql`create trigger enrollment_dealer_counts_delete after delete on enrollment_dealers
    referencing old table as old_rows for each statement execute function enrollment_dealer_counts()`.execute(
    db,
  )
  // The rows already there.
  await sql
    .raw(recount('(select id as enrollment_id from enrollments) every_enrollment'))
    .execute(db)

  await sql`create index enrollments_year_created_idx on enrollments (year, created_at) include (brand)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index enrollments_year_created_idx`.execute(db)
  await sql`drop trigger enrollment_dealer_counts_insert on enrollment_dealers`.execute(db)
  await sql`drop trigger enrollment_dealer_counts_update on enrollment_dealers`.execute(db)
  await sql`drop trigger enrollment_dealer_counts_delete on enrollment_dealers`.execute(db)
  await sql`drop function enrollment_dealer_counts()`.execute(db)
  const columns = ORDERING.map(([size, , hispanic]) => `drop column ordering_${size}_${hispanic}`)
  await sql
    .raw(`alter table enrollments drop column dealer_rows, ${columns.join(', ')}`)
    .execute(db)
}
