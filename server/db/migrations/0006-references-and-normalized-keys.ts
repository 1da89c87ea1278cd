import { type Kysely, sql } from 'kysely'
import { bacKey } from '../../../shared/enrollment/bac-key.js'
import { lmaNameKey } from '../../../shared/enrollment/lma-name-key.js'

/**
 * 1. Every enrollment gets a reference its submitter can quote (docs/decisions.md, "The submit
 *    answers a receipt"): twelve hexadecimal digits in groups of four (3F9A-C21B-77E0), random
 *    for new rows, derived from the guid for existing ones.
 *    It names the enrollment to people and grants nothing; the guid stays the one capability.
 * 2. The duplicate keys are recomputed with the normalization of shared/enrollment/bac-key.ts
 *    and lma-name-key.ts (NFKC, format characters dropped, look-alike letters folded). A row
 *    whose new key another row of its brand and year already holds keeps its old key, so that
 *    the migration never fails on data entered before; docs/security.md says how to find them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments add column reference text`.execute(db)
  await sql`update enrollments set reference = ${reference(sql`md5(guid::text)`)}`.execute(db)
  await sql`alter table enrollments
    alter column reference set not null,
    alter column reference set default ${reference(sql`md5(random()::text || clock_timestamp()::text)`)}`.execute(
    db,
  )
  await sql`create index enrollments_reference_idx on enrollments (reference)`.execute(db)
  await recomputeKeys(db, 'enrollment_dealers', 'bac', 'bac_key', bacKey)
  await recomputeKeys(db, 'enrollments', `lma->>'name'`, 'lma_name_key', lmaNameKey)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments drop column reference`.execute(db)
}

/** Twelve upper-case hex digits of `hex` as XXXX-XXXX-XXXX. */
function reference(hex: ReturnType<typeof sql>) {
  return sql`regexp_replace(upper(substr(${hex}, 1, 12)), '^(.{4})(.{4})(.{4})$', '\\1-\\2-\\3')`
}

interface KeyRow {
  id: string
  brand: string
  year: number
  source: string | null
  key: string | null
}

async function recomputeKeys(
  db: Kysely<unknown>,
  table: string,
  sourceExpression: string,
  keyColumn: string,
  toKey: (value: string) => string,
): Promise<void> {
  const { rows } = await sql<KeyRow>`
    select id, brand, year, ${sql.raw(sourceExpression)} as source, ${sql.ref(keyColumn)} as key
    from ${sql.table(table)} where ${sql.ref(keyColumn)} is not null`.execute(db)
  const held = new Set(rows.map((row) => `${row.brand}\u0000${row.year}\u0000${row.key}`))
  for (const row of rows) {
    if (row.source === null) continue
    const key = toKey(row.source)
    if (key === row.key) continue
    const scoped = `${row.brand}\u0000${row.year}\u0000${key}`
    if (held.has(scoped)) continue
    held.add(scoped)
    await sql`update ${sql.table(table)} set ${sql.ref(keyColumn)} = ${key} where id = ${row.id}`.execute(
      db,
    )
  }
}
