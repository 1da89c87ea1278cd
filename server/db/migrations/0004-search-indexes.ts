import { type Kysely, sql } from 'kysely'

/** The admin list search (contains, any case) over an LMA enrollment's fields. */
const LMA_FIELDS = ['name', 'emailAddress', 'authEmailAddress', 'postal'] as const
/** ... and over every dealer row's. */
const DEALER_COLUMNS = ['bac', 'name', 'auth_email_address', 'postal'] as const

/**
 * Trigram indexes for the contains-searches, so they stay index scans as the tables grow
 * (docs/performance.md). One index a column: the planner ORs their bitmaps, and prices a
 * multicolumn GIN index too high to use it. No fast update: PGlite runs no autovacuum to flush
 * a GIN pending list, and an unflushed list is read in full by every search. The BAC type-ahead
 * is a prefix search and has its prefix index since 0002 (dealer_directory_bac_prefix_idx, dropped
 * by 0010 when the type-ahead moved to memory).
 * pg_trgm is a trusted extension: the owner of the database may create it; PGlite loads it in
 * openDatabase.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  // The LMA-name type-ahead: lma_name_key like '%text%'.
  await sql`create index enrollments_lma_name_key_trgm_idx on enrollments
    using gin (lma_name_key gin_trgm_ops) with (fastupdate = off) where lma_name_key is not null`.execute(
    db,
  )
  for (const field of LMA_FIELDS) {
    await sql`create index ${sql.id(lmaIndexName(field))} on enrollments
      using gin ((lma->>${sql.lit(field)}) gin_trgm_ops) with (fastupdate = off)
      where lma is not null`.execute(db)
  }
  for (const column of DEALER_COLUMNS) {
    await sql`create index ${sql.id(dealerIndexName(column))} on enrollment_dealers
      using gin (${sql.id(column)} gin_trgm_ops) with (fastupdate = off)`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const indexes = [
    'enrollments_lma_name_key_trgm_idx',
    ...LMA_FIELDS.map(lmaIndexName),
    ...DEALER_COLUMNS.map(dealerIndexName),
  ]
  for (const index of indexes) await db.schema.dropIndex(index).ifExists().execute()
}

function lmaIndexName(field: string): string {
  return `enrollments_lma_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}_trgm_idx`
}

function dealerIndexName(column: string): string {
  return `enrollment_dealers_${column}_trgm_idx`
}
