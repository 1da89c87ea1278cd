import { type Kysely, Migrator } from 'kysely'
import { migrations } from './migrations/index.js'
import type { Database } from './schema.js'

/**
 * Brings the schema up to date. Kysely's migrator takes a PostgreSQL advisory lock for the
 * whole run, so several instances starting together apply each migration exactly once.
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
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
