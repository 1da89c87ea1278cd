import { type Kysely, sql } from 'kysely'

/**
 * The audit trail (docs/product.md#audit-trail): one row per export or report download, bulk
 * action, batch of invitations and payment change, with who, when, the program year it concerns,
 * the request's filters and how many rows it counted. Insert-only; no foreign key, so an entry
 * outlives what it names. Read by year, newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_trail (
      id bigint generated always as identity primary key,
      at timestamptz not null default now(),
      actor text not null,
      action text not null,
      year integer not null,
      filters jsonb not null default '{}'::jsonb,
      row_count integer not null
    )
  `.execute(db)
  await sql`create index audit_trail_year_at on audit_trail (year, at desc, id desc)`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table audit_trail`.execute(db)
}
