import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { type DatabaseHandle, openDatabase } from '../../server/db/database.js'

export type BenchDatabaseKind = 'pglite' | 'postgres'

/** A database of the benchmark's own: a fresh PGlite directory or a fresh PostgreSQL database. */
export interface BenchDatabase {
  kind: BenchDatabaseKind
  label: string
  /** What the server needs to find it: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>
  open(): Promise<DatabaseHandle>
  drop(): Promise<void>
}

export interface BenchDatabaseOptions {
  kind: BenchDatabaseKind
  /** Short name, unique in the run. */
  name: string
  /** Parent folder of PGlite directories. */
  workDir: string
  /** A PostgreSQL URL whose user may create databases. */
  postgresUrl: string
}

export async function createBenchDatabase(options: BenchDatabaseOptions): Promise<BenchDatabase> {
  if (options.kind === 'pglite') {
    const dataDir = join(options.workDir, options.name)
    rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    return {
      kind: 'pglite',
      label: `PGlite ${dataDir}`,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir }),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const database = `pos_bench_${options.name.replace(/\W/g, '_')}_${process.pid}`
  await adminQuery(options.postgresUrl, `drop database if exists ${database} with (force)`)
  await adminQuery(options.postgresUrl, `create database ${database}`)
  const url = new URL(options.postgresUrl)
  url.pathname = `/${database}`
  const databaseUrl = url.toString()
  return {
    kind: 'postgres',
    label: `PostgreSQL ${url.host}/${database}`,
    env: { DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, dataDir: '' }),
    drop: () => adminQuery(options.postgresUrl, `drop database if exists ${database} with (force)`),
  }
}

export async function isPostgresReachable(url: string): Promise<boolean> {
  try {
    await adminQuery(url, 'select 1')
    return true
  } catch {
    return false
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
