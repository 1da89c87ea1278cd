import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { migrations } from './migrations/index.js'
import type { Database } from './schema.js'

/**
 * Brings the schema up to date. Kysely's migrator takes a PostgreSQL advisory lock for the
 * whole run, so several instances starting together apply each migration exactly once. A
 * database that has every migration already (most starts) is recognized by one read of the
 * migration table, without the migrator's lock and catalog queries (docs/decisions.md).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  if (await isUpToDate(db)) return []
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results = [] } = await migrator.migrateToLatest()
  if (error) throw error
  const failed = results.find((result) => result.status === 'Error')
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`)
  return results.map((result) => result.migrationName)
}

/** Whether the database has applied exactly the known migrations, in order. */
async function isUpToDate(db: Kysely<Database>): Promise<boolean> {
  const table = await sql<{ present: boolean }>`
    select to_regclass('kysely_migration') is not null as present`.execute(db)
  if (!table.rows[0]?.present) return false
  const applied = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db)
  const known = Object.keys(migrations).sort()
  return (
    applied.rows.length === known.length &&
    applied.rows.every((row, index) => row.name === known[index])
  )
}
