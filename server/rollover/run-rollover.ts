import type { Kysely } from 'kysely'
import { loadConfig } from '../config/config.js'
import { openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import type { Database } from '../db/schema.js'
import { type RolloverContext, rollOverYear } from './roll-over-year.js'

/**
 * `npm run rollover -- --to YEAR`: copies last year's approved enrollments into YEAR, through
 * the repositories `repositoriesOn` makes (the app's one factory, server/app-context.ts, which
 * the command's entry point, server/rollover-cli.ts, hands it).
 */
export async function runRollover(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  repositoriesOn: (db: Kysely<Database>) => Omit<RolloverContext, 'db'>,
): Promise<number> {
  const index = argv.indexOf('--to')
  const value = index >= 0 ? argv[index + 1] : undefined
  if (!value || !/^\d{4}$/.test(value)) {
    console.error(
      'Usage: npm run rollover -- --to YEAR   (YEAR: the year to re-enroll into, e.g. 2026)',
    )
    return 1
  }
  const to = Number(value)
  const config = loadConfig(env)
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  })
  try {
    await migrateToLatest(database.db)
    const context = { ...repositoriesOn(database.db), db: database.db }
    const result = await rollOverYear(context, to, 'rollover command')
    console.log(
      `Re-enrolled ${result.created} approved ${result.from} enrollments into ${result.to}; skipped ${result.skipped} already enrolled.`,
    )
    return 0
  } finally {
    await database.close()
  }
}
