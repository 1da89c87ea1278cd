import { type Kysely, sql } from 'kysely'
import { bacKey } from '../../../shared/enrollment/bac-key.js'
import { lmaNameKey } from '../../../shared/enrollment/lma-name-key.js'

/**
 * Recomputes the stored duplicate keys (enrollment_dealers.bac_key, enrollments.lma_name_key)
 * with today's shared/enrollment/bac-key.ts and lma-name-key.ts, for a migration that follows a
 * change of either. A row whose new key another row of its brand and year already holds keeps
 * its old key, so that the migration never fails on data entered before; docs/security.md says
 * how to find such pairs.
 */
export async function recomputeDuplicateKeys(db: Kysely<unknown>): Promise<void> {
  await recomputeKeys(db, 'enrollment_dealers', 'bac', 'bac_key', bacKey)
  await recomputeKeys(db, 'enrollments', `lma->>'name'`, 'lma_name_key', lmaNameKey)
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
