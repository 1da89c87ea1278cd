import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { createEnrollmentRepository } from '../enrollment/enrollment-repository.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { type ChildDatabase, createChildDatabase } from '../test-support/faults/child-database.js'
import {
  type ChildServer,
  killChildServer,
  startChildServer,
} from '../test-support/faults/child-server.js'
import { hasPostgres, queryOnce } from '../test-support/faults/postgres.js'
import { TestSmtpServer } from '../test-support/faults/test-smtp-server.js'
import { waitFor } from '../test-support/wait-for.js'

const DUE = 8

/** Backends waiting for a lock while writing a mail into the outbox: a reminder in flight. */
async function remindersInFlight(url: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    url,
    `select count(*) as n from pg_stat_activity
     where datname = current_database() and wait_event_type = 'Lock'
       and query like 'insert into "outbox"%'`,
  )
  return Number(rows[0]?.n)
}

// Two server processes on one PostgreSQL share one reminder job (server/scheduler/): the first
// claims it at start and is killed while its reminder is half done (its mail written, the outbox
// held by this test); the other, started meanwhile, finds the job claimed and runs nothing. At the
// job's next due time a restarted instance finishes what the killed one left.
describe.runIf(hasPostgres())(
  'authorization reminders with two instances, one killed mid-run',
  () => {
    let database: ChildDatabase
    let handle: DatabaseHandle
    let smtp: TestSmtpServer
    let locker: pg.Client | undefined
    const servers: ChildServer[] = []
    const reps = Array.from({ length: DUE }, (_, n) => `due-${n}@reminders.example`)

    beforeAll(async () => {
      smtp = await TestSmtpServer.create()
      await smtp.start('accept')
      database = await createChildDatabase('postgres')
      handle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
      const enrollments = createEnrollmentRepository(handle.db)
      for (const [n, rep] of reps.entries()) {
        const body = lmaEnrollment(1, { name: `Killed Run Dealers ${n}`, authEmailAddress: rep })
        await handle.db.transaction().execute((trx) =>
          enrollments.insert(trx, {
            ...body,
            guid: randomUUID(),
            status: 'Authorizing',
            lma: body.lma,
          }),
        )
      }
      await handle.db
        .updateTable('enrollments')
        .set({ authorization_requested_at: sql`now() - interval '8 days'` })
        .execute()
    }, 60_000)
    afterAll(async () => {
      await locker?.end().catch(() => {})
      for (const server of servers) await killChildServer(server)
      await handle?.close()
      await database?.remove()
      await smtp?.stop()
    })

    it('every due reminder goes out exactly once, counted once, in the history once', async () => {
      const url = database.url ?? ''
      locker = new pg.Client({ connectionString: url })
      await locker.connect()
      await locker.query('begin; lock table outbox in exclusive mode')
      const env = { ...database.env, SMTP_URL: smtp.url, LOG_LEVEL: 'info' }
      const killed = await startChildServer(env)
      servers.push(killed)
      await waitFor(async () => ((await remindersInFlight(url)) === 1 ? true : undefined), 30_000)
      // The second instance looks for the job a second after it is ready: claimed, so no run.
      const survivor = await startChildServer(env)
      servers.push(survivor)
      await new Promise((resolve) => setTimeout(resolve, 2500))
      expect(await remindersInFlight(url)).toBe(1)

      killed.signal('SIGKILL')
      expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' })
      await locker.query('commit')
      await locker.end()
      locker = undefined
      // What the killed one held is rolled back: nothing was sent, nothing counted.
      const none = await queryOnce<{ n: string }>(
        url,
        `select count(*) as n from enrollments where reminders_sent > 0`,
      )
      expect(Number(none[0]?.n)).toBe(0)

      // The job's next due time comes (it is 15 minutes away; the test brings it forward) and an
      // instance started then (the killed one, restarted) claims it and sends every reminder.
      await queryOnce(
        url,
        `update scheduled_jobs set due_at = now() where name = 'authorization-reminders'`,
      )
      servers.push(await startChildServer(env))
      await waitFor(async () => {
        const rows = await queryOnce<{ n: string }>(
          url,
          `select count(*) as n from outbox where kind = 'authorization-reminder' and sent_at is not null`,
        )
        return Number(rows[0]?.n) >= DUE ? true : undefined
      }, 30_000)
      // Every worker stops (finishing what it sends): nothing arrives late.
      for (const server of servers.splice(0)) {
        if (server === killed) continue
        server.signal('SIGTERM')
        await server.exited
      }

      // The enrollments were stored directly: the reminder is the only mail their representatives get.
      for (const rep of reps) expect(smtp.deliveriesTo(rep), rep).toHaveLength(1)
      const counted = await queryOnce<{ reminders_sent: number }>(
        url,
        'select reminders_sent from enrollments',
      )
      expect(counted.map((row) => row.reminders_sent)).toEqual(Array(DUE).fill(1))
      const history = await queryOnce<{ n: string }>(
        url,
        `select count(*) as n from enrollment_history where action = 'Reminder sent'`,
      )
      expect(Number(history[0]?.n)).toBe(DUE)
      expect(survivor.logs.some((line) => line.msg === 'authorization reminders sent')).toBe(false)
    }, 180_000)
  },
)
