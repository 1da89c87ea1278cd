import { mkdirSync } from 'node:fs'
import { Kysely, PostgresDialect, sql } from 'kysely'
import type pg from 'pg'
import type { Database } from './schema.js'
import { unavailableAwareDialect } from './unavailable-aware-dialect.js'

export type DatabaseKind = 'postgres' | 'pglite'

export interface DatabaseHandle {
  db: Kysely<Database>
  kind: DatabaseKind
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>
  /** The PostgreSQL pool's connections and waiting queries now (/metrics); PGlite has no pool. */
  poolUse?: () => { total: number; idle: number; waiting: number }
  close(): Promise<void>
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined
  dataDir: string
  /** PostgreSQL pool size. */
  poolSize?: number
  /** PostgreSQL: how long to wait for a new connection (default 5 s). */
  connectionTimeoutMs?: number
  /** PostgreSQL: the server cancels a statement after this long (default 30 s; 0: never). */
  statementTimeoutMs?: number
  /** PostgreSQL: the client gives up on an answer after this long (default 5 s more; 0: never). */
  queryTimeoutMs?: number
  /** Told about connections lost while idle or checked out (they are replaced, nothing fails). */
  onConnectionError?: (error: Error) => void
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  // Each kind loads its own driver only (PGlite's is large), when it is opened.
  const { db, kind, pool } = options.databaseUrl
    ? {
        ...postgresDatabase((await import('pg')).default, options.databaseUrl, options),
        kind: 'postgres' as const,
      }
    : { db: await pgliteDatabase(options.dataDir), kind: 'pglite' as const, pool: undefined }
  let closed = false
  return {
    db,
    kind,
    ...(pool
      ? {
          poolUse: () => ({
            total: pool.totalCount,
            idle: pool.idleCount,
            waiting: pool.waitingCount,
          }),
        }
      : {}),
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

function postgresDatabase(
  driver: typeof pg,
  connectionString: string,
  options: DatabaseOptions,
): { db: Kysely<Database>; pool: pg.Pool } {
  const statementTimeout = options.statementTimeoutMs ?? 30_000
  const pool = new driver.Pool({
    connectionString,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5000,
    statement_timeout: statementTimeout,
    query_timeout: options.queryTimeoutMs ?? (statementTimeout ? statementTimeout + 5000 : 0),
    // A transaction left open by a lost or stuck instance must not hold its locks for long.
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    application_name: 'pos-enrollment',
  })
  // An idle client losing its connection must not crash the process; the pool replaces it
  // (guardClient reports it once).
  pool.on('error', () => {})
  pool.on('connect', (client) => guardClient(client, (error) => options.onConnectionError?.(error)))
  const db = new Kysely<Database>({
    dialect: unavailableAwareDialect(new PostgresDialect({ pool })),
  })
  return { db, pool }
}

/**
 * A client whose connection dies while checked out emits 'error', which would crash the process
 * without a listener (the query in flight fails by itself and the pool drops the client). After
 * a client-side query timeout the connection is presumed lost (a network partition): it is
 * ended, so the pool opens a new one instead of queueing the next queries behind the lost one.
 */
function guardClient(client: pg.PoolClient, onError: (error: Error) => void): void {
  client.on('error', onError)
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  Object.assign(client, {
    query: (...args: unknown[]) => {
      const result = query(...args)
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === 'Query read timeout') {
            client.end().catch(() => {})
          }
        })
      }
      return result
    },
  })
}

/**
 * PGlite zeroes its whole buffer pool when it starts, so the pool is resident from the first
 * second: PostgreSQL's default of 128 MB made most of the embedded server's idle memory. 16 MB
 * holds what the requests touch again and again (the indexes of the type-aheads and searches);
 * other pages come from the operating system's file cache (docs/decisions.md).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB']

async function pgliteDatabase(dataDir: string): Promise<Kysely<Database>> {
  const [{ PGlite }, { pg_trgm }, { PGliteDialect }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('kysely-pglite-dialect'),
  ])
  mkdirSync(dataDir, { recursive: true })
  // pg_trgm backs the trigram indexes of the searches (migration 0004-search-indexes).
  const pglite = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  })
  return new Kysely<Database>({
    dialect: unavailableAwareDialect(new PGliteDialect(takingTurns(pglite))),
  })
}

/** What the PGlite dialect uses of its database. */
type PGliteClient = Pick<import('@electric-sql/pglite').PGlite, 'query' | 'close'>

/**
 * PGlite runs each statement synchronously on the server's thread and answers in a promise that
 * settles at once, so a chain of statements (a job's batches, a transaction of many) ran as one
 * turn of the event loop: no request was even read meanwhile. The retention job's first run
 * over years of declined enrollments held the server 1.5 s that way, /healthz included. Each
 * statement here starts on a turn of its own (setImmediate, after the I/O waiting), so the
 * longest wait of a request that needs no database is one statement (docs/decisions.md).
 */
function takingTurns<Client extends PGliteClient>(pglite: Client): Client {
  // The dialect (kysely-pglite-dialect) calls query and close only.
  const client: PGliteClient = {
    query: async (...args: Parameters<PGliteClient['query']>) => {
      await new Promise((resolve) => setImmediate(resolve))
      return pglite.query(...args)
    },
    close: () => pglite.close(),
  }
  return client as Client
}
