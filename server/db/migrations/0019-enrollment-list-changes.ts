import { type Kysely, sql } from 'kysely'

/**
 * The admin list's changes (docs/decisions.md, "The admin list's changes since a cursor"):
 * `enrollment_list_changes` holds a row for every write of an enrollment or of its invoice's
 * total, by whichever code wrote it, so `GET /api/enrollments/changes` answers what changed
 * since a cursor instead of the whole year.
 *
 * - `xid` is the writing transaction (`pg_current_xact_id()`), and a cursor is the snapshot the
 *   list was read in: a change is new to the cursor when the cursor's snapshot does not see its
 *   transaction, whatever order the transactions commit in (a transaction numbered earlier that
 *   commits later is still new).
 * - `regions` are the enrollment's regions before and after the write, so a regional manager is
 *   told of an enrollment that left their regions (or was deleted) only when it was in them.
 * - A dealer row's write counts: its statement trigger (0009) updates the enrollment's counts.
 * - Rows older than a day are purged (server/enrollment-list/list-changes-purge-job.ts); a cursor
 *   older than half of that is answered with the whole list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table enrollment_list_changes (
      id bigint generated always as identity primary key,
      xid xid8 not null default pg_current_xact_id(),
      at timestamptz not null default now(),
      enrollment_guid uuid not null,
      year integer not null,
      regions integer[] not null
    )`.execute(db)
  await sql`create index enrollment_list_changes_year_idx on enrollment_list_changes (year, xid)`.execute(
    db,
  )
  await sql`create index enrollment_list_changes_at_idx on enrollment_list_changes (at)`.execute(db)
  await sql`
    create function enrollment_list_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into enrollment_list_changes (enrollment_guid, year, regions)
          values (new.guid, new.year, array[new.region_id]);
      elsif tg_op = 'DELETE' then
        insert into enrollment_list_changes (enrollment_guid, year, regions)
          values (old.guid, old.year, array[old.region_id]);
      elsif old.year = new.year then
        insert into enrollment_list_changes (enrollment_guid, year, regions)
          values (new.guid, new.year, array[old.region_id, new.region_id]);
      else
        insert into enrollment_list_changes (enrollment_guid, year, regions)
          values (old.guid, old.year, array[old.region_id, new.region_id]),
                 (new.guid, new.year, array[old.region_id, new.region_id]);
      end if;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger enrollments_list_changes after insert or update or delete on enrollments
    for each row execute function enrollment_list_change()`.execute(db)
  // An enrollment's amount is its invoice's total once it has one.
  await sql`
    create function invoice_list_change() returns trigger language plpgsql as $$
    begin
      insert into enrollment_list_changes (enrollment_guid, year, regions)
        select e.guid, e.year, array[e.region_id] from enrollments e
        where e.guid = new.enrollment_guid;
      return null;
    end $$`.execute(db)
  await sql`
    create trigger invoices_list_changes after insert or update of grand_total_cents on invoices
    for each row execute function invoice_list_change()`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger invoices_list_changes on invoices`.execute(db)
  await sql`drop function invoice_list_change()`.execute(db)
  await sql`drop trigger enrollments_list_changes on enrollments`.execute(db)
  await sql`drop function enrollment_list_change()`.execute(db)
  await sql`drop table enrollment_list_changes`.execute(db)
}
