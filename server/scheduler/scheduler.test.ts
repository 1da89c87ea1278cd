import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'
import { createScheduledJobRepository } from './scheduled-job-repository.js'

const HOUR = 60 * 60_000

/** Drafts that expired a day ago, written as a save writes them. */
async function expiredDrafts(db: TestApp['database']['db'], count: number, prefix: string) {
  await db
    .insertInto('enrollment_drafts')
    .values(
      Array.from({ length: count }, (_, index) => ({
        token_hash: `${prefix}-${index}`,
        brand: 'chevy',
        type: 'Lma',
        email: 'expired@purge.example',
        content: JSON.stringify({}),
        expires_at: sql<Date>`now() - interval '1 day'`,
      })),
    )
    .execute()
}

const draftsLeft = async (db: TestApp['database']['db']) =>
  Number(
    (
      await db
        .selectFrom('enrollment_drafts')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'one scheduler, two instances on one PostgreSQL database',
  () => {
    let t: TestApp
    let other: DatabaseHandle
    let second: FastifyInstance
    beforeAll(async () => {
      const options = {
        reminders: { schedule: false },
        mail: { worker: false },
        draftPurge: { everyMs: HOUR },
      }
      t = await createTestApp('postgres', {}, options)
      other = await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
      second = await buildApp({ config: t.config, database: other, ...options })
      await second.ready()
    })
    afterAll(async () => {
      await second?.close()
      await other?.close()
      await t?.close()
    })

    const jobs = () => createScheduledJobRepository(t.database.db)

    it('both look at start-up; the purge runs once', async () => {
      // Each instance's first look is a second after it is ready: both have looked, one ran it.
      const looked = (app: FastifyInstance) => app.scheduler.looksAt('draft-purge') > 0
      await waitFor(() => (looked(t.app) && looked(second)) || undefined)
      expect((await jobs().runsOf('draft-purge')).runs).toBe(1)
    })

    it('when it is due, two instances looking at once run it once, and it deletes the expired drafts', async () => {
      await expiredDrafts(t.database.db, 25, 'twin')
      await t.database.db
        .updateTable('scheduled_jobs')
        .set({ due_at: sql<Date>`now() - interval '1 second'` })
        .where('name', '=', 'draft-purge')
        .execute()
      const [first, next] = await Promise.all([t.app.scheduler.runDue(), second.scheduler.runDue()])
      expect([...(first ?? []), ...(next ?? [])]).toEqual(['draft-purge'])
      expect((await jobs().runsOf('draft-purge')).runs).toBe(2)
      expect(await draftsLeft(t.database.db)).toBe(0)

      // Not due again for an hour: neither runs it.
      expect(await Promise.all([t.app.scheduler.runDue(), second.scheduler.runDue()])).toEqual([
        [],
        [],
      ])
    })
  },
)

describe.each(testDatabaseKinds())('the scheduler on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      {},
      {
        reminders: { intervalMs: HOUR },
        mail: { worker: false },
        draftPurge: { everyMs: HOUR },
        retention: { everyMs: HOUR },
      },
    )
  })
  afterAll(() => t.close())

  it('runs every job of the list, each on its own schedule', async () => {
    const jobs = createScheduledJobRepository(t.database.db)
    await waitFor(async () => {
      const runs = await Promise.all(
        ['authorization-reminders', 'draft-purge', 'data-retention', 'list-changes-purge'].map(
          (job) => jobs.runsOf(job),
        ),
      )
      return runs.every((run) => run.runs === 1) ? true : undefined
    })
    expect(await t.app.scheduler.runDue()).toEqual([])
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ due_at: sql<Date>`now()` })
      .where('name', '=', 'draft-purge')
      .execute()
    expect(await t.app.scheduler.runDue()).toEqual(['draft-purge'])
  })
})
