import { type Kysely, sql } from 'kysely'
import { recomputeDuplicateKeys } from './recompute-duplicate-keys.js'

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
  await recomputeDuplicateKeys(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments drop column reference`.execute(db)
}

/** Twelve upper-case hex digits of `hex` as XXXX-XXXX-XXXX. */
function reference(hex: ReturnType<typeof sql>) {
  return sql`regexp_replace(upper(substr(${hex}, 1, 12)), '^(.{4})(.{4})(.{4})$', '\\1-\\2-\\3')`
}
