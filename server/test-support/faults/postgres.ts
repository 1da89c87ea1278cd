import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { adminQuery, withDatabase } from '../global-setup.js'

/**
 * Whether this run has PostgreSQL (TEST_DATABASE_URL): the multi-process faults need it. With
 * REQUIRE_POSTGRES=1 a run without it throws, so the suite fails rather than skips.
 */
export { hasPostgres } from '../test-database.js'

function adminUrl(): string {
  const template = inject('postgresTemplate')
  if (!template) throw new Error('TEST_DATABASE_URL is not set')
  return template.url
}

/** An empty database of the test's own (no migrations), dropped by `drop()`. */
export async function createEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `pos_fault_${randomBytes(6).toString('hex')}`
  await adminQuery(adminUrl(), `create database ${name}`)
  return {
    url: withDatabase(adminUrl(), name),
    drop: () => adminQuery(adminUrl(), `drop database if exists ${name} with (force)`),
  }
}

/** Runs one statement on the database at `url` over a connection of its own. */
export async function queryOnce<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<R>(text, values)).rows
  } finally {
    await client.end()
  }
}

/** Kills every backend of the database at `url` except the one asking: a lost connection. */
export async function terminateBackends(url: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    url,
    `select count(pg_terminate_backend(pid)) as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`,
  )
  return Number(rows[0]?.n)
}

/** How many connections other than the asking one are open to the database at `url`. */
export async function countBackends(url: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    url,
    `select count(*) as n from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()`,
  )
  return Number(rows[0]?.n)
}

/** How many connections to the database at `url` wait for a lock. */
export async function countLockWaiters(url: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    url,
    `select count(*) as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'`,
  )
  return Number(rows[0]?.n)
}

/**
 * How many connections to the database at `url` wait to write to `table`: an insert, update or
 * delete waits for its row-exclusive lock on the table. A `select … for update` that waits for
 * the table (a periodic job's first look, a second after a server is ready) takes a row-share
 * lock and is not counted.
 */
export async function countWritersWaiting(url: string, table: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    url,
    `select count(distinct l.pid) as n from pg_locks l
     join pg_stat_activity a on a.pid = l.pid
     where a.datname = current_database() and not l.granted
       and l.relation = $1::regclass and l.mode = 'RowExclusiveLock'`,
    [table],
  )
  return Number(rows[0]?.n)
}
