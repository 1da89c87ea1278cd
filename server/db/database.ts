import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql } from 'kysely'
import { PGliteDialect } from 'kysely-pglite-dialect'
import pg from 'pg'
import type { Database } from './schema.js'

export type DatabaseKind = 'postgres' | 'pglite'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>
  close(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  dataDir: string
  /** PostgreSQL pool size. */
  poolSize?: number
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { db, kind } = options.databaseUrl
    ? {
        db: postgresDatabase(options.databaseUrl, options.poolSize ?? 10),
        kind: 'postgres' as const,
      }
    : { db: await pgliteDatabase(options.dataDir), kind: 'pglite' as const }
  let closed = false
  return {
    db,
    kind,
    ping: async () => {
      if (closed) throw new Error('The database is closed')
      await sql`select 1`.execute(db)
    },
    close: async () => {
      closed = true
      await db.destroy()
    },
  }
}

function postgresDatabase(connectionString: string, max: number): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: 5000 })
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {})
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
}

async function pgliteDatabase(dataDir: string): Promise<Kysely<Database>> {
  mkdirSync(dataDir, { recursive: true })
  const pglite = await PGlite.create(dataDir)
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) })
}
