import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import type { Kysely } from 'kysely'
import { ConfigError, loadConfig } from '../config/config.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { migrateToLatest } from '../db/migrate.js'
import type { Database } from '../db/schema.js'
import type { DealerDirectoryRepository } from './dealer-directory-repository.js'
import { type CsvProblem, parseDealerCsv } from './parse-dealer-csv.js'

export interface ImportOutput {
  log(line: string): void
  error(line: string): void
}

const USAGE = 'Usage: npm run import:dealers -- <dealer-master.csv>'

/**
 * Imports a dealer master CSV into the dealer directory of the configured database (DATABASE_URL,
 * or the embedded one in DATA_DIR), migrating it first. Resolves to the process exit code: 0 when
 * at least one dealer was imported, 1 otherwise. Rows that fail validation are reported, not fatal.
 * The directory's repository is `repositoriesOn`'s (the app's one factory, server/app-context.ts,
 * which the command's entry point, server/import-dealers-cli.ts, hands it).
 */
export async function runImport(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  repositoriesOn: (db: Kysely<Database>) => { dealerDirectory: DealerDirectoryRepository },
  output: ImportOutput = console,
): Promise<number> {
  const [file, ...rest] = argv
  if (!file || rest.length > 0 || file === '--help' || file === '-h') {
    output.error(USAGE)
    return 1
  }
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) {
      output.error(error.message)
      return 1
    }
    throw error
  }

  // `npm run` starts scripts in the package folder; INIT_CWD is where the command was typed.
  const path = resolve(env.INIT_CWD ?? process.cwd(), file)
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    output.error(`Cannot read ${file}: ${explain(error)}`)
    return 1
  }

  if (text.startsWith('PK\u0003\u0004')) {
    output.error(`Cannot read ${file}: it is a workbook; save it as CSV (comma delimited) first`)
    return 1
  }

  const { rows, errors, warnings } = parseDealerCsv(text)
  if (rows.length === 0) {
    output.error(`No dealers imported from ${file}:`)
    for (const line of problemLines(errors)) output.error(line)
    if (errors.length === 0) output.error('  the file has a header row but no dealer rows')
    return 1
  }

  let database: DatabaseHandle | undefined
  try {
    database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
    await migrateToLatest(database.db)
    const { inserted, updated } = await repositoriesOn(database.db).dealerDirectory.upsertMany(rows)
    const summary = `Imported ${plural(rows.length, 'dealer')} (${inserted} new, ${updated} updated)`
    if (errors.length === 0) output.log(`${summary}.`)
    else {
      output.log(`${summary}; ${plural(errors.length, 'row')} rejected:`)
      for (const line of problemLines(errors)) output.log(line)
    }
    if (warnings.length > 0) {
      output.log(`${plural(warnings.length, 'warning')}:`)
      for (const line of problemLines(warnings)) output.log(line)
    }
    return 0
  } catch (error) {
    output.error(`Import failed: ${explain(error)}`)
    return 1
  } finally {
    await database?.close()
  }
}

function problemLines(problems: readonly CsvProblem[]): string[] {
  return problems.map((problem) => `  line ${problem.line}: ${problem.message}`)
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function explain(error: unknown): string {
  if (error && typeof error === 'object' && 'code' in error) {
    if (error.code === 'ENOENT') return 'no such file'
    if (error.code === 'EISDIR') return 'it is a folder, not a file'
    if (error.code === 'EACCES') return 'permission denied'
  }
  return error instanceof Error ? error.message : String(error)
}
