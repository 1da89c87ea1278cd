import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase } from '../db/database.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { canConnect } from '../test-support/faults/can-connect.js'
import { type ChildDatabase, createChildDatabase } from '../test-support/faults/child-database.js'
import {
  type ChildServer,
  killChildServer,
  startChildServer,
} from '../test-support/faults/child-server.js'
import { postJson } from '../test-support/faults/http-client.js'
import { countWritersWaiting } from '../test-support/faults/postgres.js'
import { runBurst } from '../test-support/faults/run-burst.js'
import { type SlowPost, startSlowPost } from '../test-support/faults/slow-post.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const KILL_AFTER = 40

// One database per kind: its server killed during a burst, restarted and stopped, then terminated.
describe.each(testDatabaseKinds())('the server process killed and terminated, on %s', (kind) => {
  let database: ChildDatabase | undefined
  let server: ChildServer | undefined
  let locker: pg.Client | undefined
  const posts: SlowPost[] = []
  afterAll(async () => {
    for (const post of posts) post.close()
    await locker?.end().catch(() => {})
    await killChildServer(server)
    await database?.remove()
  })

  it('SIGKILL during a burst: every submission that got a 201 is there after a restart', async () => {
    database = await createChildDatabase(kind)
    const { env } = database
    const first = await startChildServer(env)
    server = first
    const burst = runBurst(`${first.url}/api/enrollments`, () => dealerEnrollment())
    await waitFor(() => (burst.result.accepted.length >= KILL_AFTER ? true : undefined), 20_000)
    first.signal('SIGKILL')
    const { accepted, unexpected, connectionErrors } = await burst.stop()
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' })
    expect(unexpected).toEqual([])
    expect(connectionErrors).toBeGreaterThan(0) // requests were in flight when it died

    // It starts again on what the killed process left, and holds every accepted submission.
    const restarted = await startChildServer(env)
    restarted.signal('SIGTERM')
    expect(await restarted.exited).toEqual({ code: 0, signal: null })
    expect(await storedReferences(database, accepted)).toBe(accepted.length)
  }, 60_000)

  it('SIGTERM drains in-flight requests, refuses new connections, closes the database, exits 0', async () => {
    database ??= await createChildDatabase(kind)
    const { env, url: databaseUrl } = database
    server = await startChildServer(env)
    const child = server
    const url = `${child.url}/api/enrollments`
    // In flight: uploads not finished yet (headers read, body pending) ...
    const arrived = () => child.logs.filter((line) => line.msg === 'incoming request').length
    const before = arrived()
    posts.push(...Array.from({ length: 3 }, () => startSlowPost(url, dealerEnrollment())))
    await waitFor(() => (arrived() >= before + posts.length ? true : undefined))
    // ... and on PostgreSQL, submissions waiting for a table lock the test holds.
    const waiting: Array<Promise<{ status: number; body: { reference?: string } }>> = []
    if (databaseUrl) {
      locker = new pg.Client({ connectionString: databaseUrl })
      await locker.connect()
      await locker.query('begin; lock table enrollments in exclusive mode')
      waiting.push(...Array.from({ length: 3 }, () => postJson(url, dealerEnrollment())))
      // The submissions' writes, not every waiter: the periodic jobs' first look, a second after
      // the server is ready, waits for the table too when the test gets here later than that (a
      // busy machine), and counting it made this wait for 3 time out at 4 or 5.
      await waitFor(
        async () => (await countWritersWaiting(databaseUrl, 'enrollments')) === 3 || undefined,
      )
    }

    child.signal('SIGTERM')
    await waitFor(async () => ((await canConnect(child.port)) ? undefined : true))
    await locker?.query('commit')
    const answers = await Promise.all([...posts.map((post) => post.finish()), ...waiting])
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(201))
    expect(await child.exited).toEqual({ code: 0, signal: null })
    const messages = child.logs.map((line) => line.msg)
    expect(messages).toContain('in-flight requests finished, database closed; exiting')

    // The database outlives the process with every submission: the data directory opens again.
    const references = answers.map((answer) => answer.body.reference ?? '')
    expect(await storedReferences(database, references)).toBe(answers.length)
  }, 60_000)
})

/** How many of these receipt references the stopped server's database holds. */
async function storedReferences(database: ChildDatabase, references: string[]): Promise<number> {
  if (references.length === 0) return 0
  const reopened = await openDatabase({
    databaseUrl: database.url,
    dataDir: database.env.DATA_DIR ?? '',
  })
  try {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from enrollments where reference in (${sql.join(references)})`.execute(
      reopened.db,
    )
    return Number(rows[0]?.n)
  } finally {
    await reopened.close()
  }
}
