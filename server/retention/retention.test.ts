import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry } from '../../shared/audit/audit-schema.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { buildApp } from '../app.js'
import { loadConfig } from '../config/config.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { ADMIN_CLAIMS } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters } from '../test-support/faults/postgres.js'
import { checkResponsesAgainstDocument } from '../test-support/response-conformance.js'
import { loadByReceipt, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../test-support/test-identity-provider.js'
import { waitFor } from '../test-support/wait-for.js'
import type { RetentionOptions } from './retention-job.js'

const HOUR = 60 * 60_000
const JOB = 'data-retention'

/**
 * The app of one enrollment year on a shared database: years pass by opening the next year's
 * app on the same data, as a deployment changes ENROLLMENT_YEAR.
 */
interface YearApp {
  app: FastifyInstance
  asAdmin(options: InjectOptions): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

async function openYear(
  database: DatabaseHandle,
  idp: TestIdentityProvider,
  year: number,
  retention: RetentionOptions = { schedule: false },
): Promise<YearApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SUBMISSIONS: '100000',
    RATE_LIMIT_LOOKUPS: '100000',
    OIDC_AUTHORITY: idp.authority,
    OIDC_CLIENT_ID: idp.clientId,
    ADMIN_ROLE: 'PosAdmin',
    ENROLLMENT_YEAR: String(year),
  })
  const app = await buildApp({
    config,
    database,
    mail: { worker: false },
    reminders: { schedule: false },
    draftPurge: { schedule: false },
    retention,
  })
  const mismatches = checkResponsesAgainstDocument(app)
  await app.ready()
  const token = await idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
  return {
    app,
    asAdmin: (options) =>
      app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } }),
    close: async () => {
      await app.close()
      if (mismatches.length > 0) {
        throw new Error(`Answers that differ from /api/openapi.json:\n${mismatches.join('\n')}`)
      }
    },
  }
}

/** What an enrollment year's app does to enrollments through the API. */
function office(year: YearApp, database: DatabaseHandle) {
  const target = { app: year.app, database }
  const post = (url: string, payload?: object) =>
    year.asAdmin({ method: 'POST', url, ...(payload ? { payload } : {}) })
  return {
    async submit(body: Enrollment): Promise<WireEnrollment> {
      const response = await year.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: body,
      })
      expect(response.statusCode, response.body).toBe(201)
      return loadByReceipt(target, response.json())
    },
    async authorize(stored: WireEnrollment, change: (stored: WireEnrollment) => object) {
      const response = await year.app.inject({
        method: 'POST',
        url: `/api/enrollments/${stored.guid}/authorize`,
        payload: change(stored),
      })
      expect(response.statusCode, response.body).toBe(200)
    },
    async act(guid: string, action: string, payload?: object) {
      const response = await post(`/api/enrollments/${guid}/${action}`, payload)
      expect(response.statusCode, response.body).toBeLessThan(300)
    },
  }
}

/** The scheduler's claim of the job made not due, so a test decides when it runs. */
async function notDue(database: DatabaseHandle) {
  await database.db
    .insertInto('scheduled_jobs')
    .values({ name: JOB, due_at: sql<Date>`now() + interval '1 day'` })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ due_at: sql<Date>`now() + interval '1 day'` }),
    )
    .execute()
}

async function due(database: DatabaseHandle) {
  await database.db
    .updateTable('scheduled_jobs')
    .set({ due_at: sql<Date>`now() - interval '1 second'` })
    .where('name', '=', JOB)
    .execute()
}

/**
 * Each instance's first look is a second after it is ready: wait until it has passed, finding
 * nothing due (a look that came after due() would run the job the test means to run).
 */
const firstLookPassed = (...years: YearApp[]) =>
  waitFor(() => years.every((year) => year.app.scheduler.looksAt(JOB) > 0) || undefined)

/** Every row of the tables that hold an enrollment's personal data or its copies, as text. */
async function everythingStored(database: DatabaseHandle): Promise<string[]> {
  const tables = [
    'enrollments',
    'enrollment_dealers',
    'enrollment_history',
    'enrollment_notes',
    'outbox',
    'status_links',
  ]
  const texts: string[] = []
  for (const table of tables) {
    const { rows } = await sql<{ row: string }>`
      select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(database.db)
    texts.push(...rows.map((each) => each.row))
  }
  return texts
}

/** The rows that name one of `people`. */
async function rowsNaming(database: DatabaseHandle, people: RegExp): Promise<string[]> {
  return (await everythingStored(database)).filter((row) => people.test(row))
}

const ERASED_PEOPLE = /\berin\b|eraseville|erase\.example|withdraw/i

describe.each(testDatabaseKinds())('data retention on %s', (kind) => {
  let idp: TestIdentityProvider
  let database: TestDatabase
  let now: YearApp
  const stored: Record<string, WireEnrollment> = {}

  beforeAll(async () => {
    idp = await startTestIdentityProvider()
    database = await createTestDatabase(kind)

    // 2021: an LMA that was authorized under a changed contact, approved (so invoiced), noted
    // and declined with a reason the enrollee saw; a dealer noted and deleted; an LMA and a dealer approved.
    const in2021 = await openYear(database, idp, 2021)
    const y2021 = office(in2021, database)
    stored.declinedLma = await y2021.submit(
      lmaEnrollment(
        2,
        {
          name: 'Erin Erasable Dealers',
          contact: 'Erin Contact',
          emailAddress: 'erin.billing@erase.example',
          authName: 'Erin Representative',
          authEmailAddress: 'erin.rep@erase.example',
        },
        { year: 2021 },
      ),
    )
    await y2021.authorize(stored.declinedLma, (lma) => ({
      ...lma,
      regionId: 1,
      lma: { ...lma.lma, contact: 'Erin Changed', phoneNumber: '217-555-0999' },
    }))
    await y2021.act(stored.declinedLma.guid, 'approve')
    await y2021.act(stored.declinedLma.guid, 'notes', { text: 'Erin called about her kits' })
    await y2021.act(stored.declinedLma.guid, 'decline', {
      reason: 'Erin asked to withdraw',
      shareReason: true,
    })
    stored.deletedDealer = await y2021.submit(
      dealerEnrollment(
        {
          name: 'Eraseville Chevrolet',
          authName: 'Erin Dealer',
          authEmailAddress: 'erin.dealer@erase.example',
        },
        { year: 2021 },
      ),
    )
    await y2021.act(stored.deletedDealer.guid, 'notes', { text: 'Erin Dealer asked to cancel' })
    await y2021.act(stored.deletedDealer.guid, 'delete')
    stored.approvedLma = await y2021.submit(
      lmaEnrollment(
        2,
        { name: 'Kim Keeper Dealers', authEmailAddress: 'kim@keep.example' },
        { year: 2021 },
      ),
    )
    await y2021.authorize(stored.approvedLma, (lma) => ({ ...lma, regionId: 2 }))
    await y2021.act(stored.approvedLma.guid, 'approve')
    stored.approvedDealer = await y2021.submit(
      dealerEnrollment(
        { name: 'Keeper Chevrolet', authEmailAddress: 'kim.dealer@keep.example' },
        { year: 2021 },
      ),
    )
    await y2021.act(stored.approvedDealer.guid, 'approve')
    await in2021.close()

    // 2022, the first year RETENTION_YEARS=3 keeps in 2025: a dealer declined, one deleted.
    const in2022 = await openYear(database, idp, 2022)
    const y2022 = office(in2022, database)
    stored.recentDeclined = await y2022.submit(
      dealerEnrollment({ name: 'Recent Chevrolet', authName: 'Kim Recent' }, { year: 2022 }),
    )
    await y2022.act(stored.recentDeclined.guid, 'decline', { reason: 'Kim changed her mind' })
    stored.recentDeleted = await y2022.submit(
      dealerEnrollment({ name: 'Recent Buick', authName: 'Kim Deleted' }, { year: 2022 }),
    )
    await y2022.act(stored.recentDeleted.guid, 'delete')
    await in2022.close()

    // 2025, batches of one so that a run takes several transactions.
    await notDue(database)
    now = await openYear(database, idp, 2025, { everyMs: HOUR, batchSize: 1 })
    await firstLookPassed(now)
  })

  afterAll(async () => {
    await now?.close()
    await database?.close()
    await idp?.close()
  })

  const get = async (url: string) => {
    const response = await now.asAdmin({ method: 'GET', url })
    return { status: response.statusCode, body: response.json() }
  }
  /** What an administrator sees of an enrollment: it, its history, notes and mails. */
  const seen = async (guid: string) => ({
    enrollment: await get(`/api/enrollments/${guid}`),
    history: await get(`/api/enrollments/${guid}/history`),
    notes: await get(`/api/enrollments/${guid}/notes`),
    mails: await get(`/api/enrollments/${guid}/mails`),
  })
  /** The figures of a year: its dashboard (with the year before) and its list. */
  const figures = async (year: number) => {
    const list = (await get(`/api/enrollments?year=${year}`)).body as Array<Record<string, unknown>>
    return {
      dashboard: (await get(`/api/dashboard?year=${year}`)).body,
      // Its name and whether it is erased change; every figure stays.
      list: list.map(({ name: _name, erased: _erased, ...item }) => item),
    }
  }
  const retentionEntries = async (): Promise<AuditEntry[]> =>
    ((await get('/api/audit?year=2025')).body.entries as AuditEntry[]).filter(
      (entry) => entry.action === 'retention-erasure',
    )
  const run = async () => {
    await due(database)
    return now.app.scheduler.runDue()
  }

  const invoiceOf = async (guid: string) => (await get(`/api/invoices/${guid}`)).body
  let before: {
    invoice: unknown
    figures: Array<Awaited<ReturnType<typeof figures>>>
    kept: Array<Awaited<ReturnType<typeof seen>>>
  }

  it('erases, in one run, the personal data of the enrollments declined or deleted more than RETENTION_YEARS ago', async () => {
    before = {
      invoice: await invoiceOf(stored.declinedLma?.guid ?? ''),
      figures: [await figures(2021), await figures(2022)],
      kept: [
        await seen(stored.approvedLma?.guid ?? ''),
        await seen(stored.approvedDealer?.guid ?? ''),
        await seen(stored.recentDeclined?.guid ?? ''),
      ],
    }
    expect(await rowsNaming(database, ERASED_PEOPLE)).not.toEqual([])

    expect(await run()).toEqual([JOB])

    // Nothing of those people is left in any table that holds an enrollment or its copies.
    expect(await rowsNaming(database, ERASED_PEOPLE)).toEqual([])
    const declined = await seen(stored.declinedLma?.guid ?? '')
    expect(declined.enrollment.body).toMatchObject({
      status: 'Declined',
      year: 2021,
      type: 'Lma',
      regionId: 1,
      lma: { name: '', contact: '', emailAddress: '', authEmailAddress: '', type: 'Turnkey' },
    })
    expect(
      declined.enrollment.body.dealers.map((dealer: Record<string, string>) => [
        dealer.bac,
        dealer.name,
        dealer.kitSize,
        dealer.authEmailAddress,
      ]),
    ).toEqual(stored.declinedLma?.dealers.map((dealer) => [dealer.bac, '', dealer.kitSize, '']))
    // Its history keeps who acted for the office, what was done and when, without the people.
    expect(
      declined.history.body.map((entry: Record<string, unknown>) => [
        entry.action,
        entry.actor,
        entry.statusAfter,
        entry.reason,
      ]),
    ).toEqual([
      ['submitted', 'LMA form', 'Authorizing', null],
      ['authorized', 'Authorized representative', 'Approving', null],
      ['approved', ADMIN_CLAIMS.preferred_username, 'Approved', null],
      ['declined', ADMIN_CLAIMS.preferred_username, 'Declined', null],
    ])
    expect(declined.history.body[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'regionId', before: null, after: 1 },
        { field: 'lma.contact', before: null, after: null, erased: true },
      ]),
    )
    expect(declined.notes.body).toEqual([])
    expect(declined.mails.body).toEqual([])
    // The deleted dealer's history outlives it still, without its people.
    const deleted = await seen(stored.deletedDealer?.guid ?? '')
    expect(deleted.enrollment.status).toBe(404)
    expect(deleted.history.body.map((entry: { actor: string }) => entry.actor)).toEqual([
      'Dealer form',
      ADMIN_CLAIMS.preferred_username,
    ])
    expect(deleted.notes.status).toBe(404)
  })

  it('shows the admin list and dialog an enrollment as erased, and takes no notes on it', async () => {
    const list = (await get('/api/enrollments?year=2021')).body as Array<{
      guid: string
      name: string
      erased: boolean
    }>
    expect(list.map((item) => [item.guid, item.name, item.erased]).sort()).toEqual(
      [
        [stored.declinedLma?.guid, '', true],
        [stored.approvedLma?.guid, 'Kim Keeper Dealers', false],
        [stored.approvedDealer?.guid, 'Keeper Chevrolet', false],
      ].sort(),
    )
    const erased = await get(`/api/enrollments/${stored.declinedLma?.guid}`)
    expect(Date.now() - Date.parse(erased.body.erased)).toBeLessThan(60_000)
    expect((await get(`/api/enrollments/${stored.approvedLma?.guid}`)).body.erased).toBeNull()
    const note = await now.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.declinedLma?.guid}/notes`,
      payload: { text: 'Erin called again' },
    })
    expect(note.statusCode).toBe(409)
    expect(note.json().detail).toMatch(/erased under the data retention rule/)
    expect((await get(`/api/enrollments/${stored.declinedLma?.guid}/notes`)).body).toEqual([])
  })

  it('leaves approved enrollments, and declined or deleted ones of the years kept, as they were', async () => {
    expect([
      await seen(stored.approvedLma?.guid ?? ''),
      await seen(stored.approvedDealer?.guid ?? ''),
      await seen(stored.recentDeclined?.guid ?? ''),
    ]).toEqual(before.kept)
    const recentDeleted = await get(`/api/enrollments/${stored.recentDeleted?.guid}/history`)
    expect(recentDeleted.body[0].actor).toMatch(/^Dealer form: Kim Deleted/)
  })

  it('keeps every figure of those years: the dashboard and the list count as before', async () => {
    expect([await figures(2021), await figures(2022)]).toEqual(before.figures)
  })

  it('keeps an invoice as issued, for the accounts and its number', async () => {
    expect(before.invoice).toMatchObject({
      billTo: { lines: expect.arrayContaining(['Erin Erasable Dealers']) },
    })
    // All but the office's decline reason, free text about the enrollee: its cause stays.
    const invoice = before.invoice as { voided: { reason: string | null } | null }
    expect(await invoiceOf(stored.declinedLma?.guid ?? '')).toEqual({
      ...invoice,
      voided: invoice.voided && { ...invoice.voided, reason: null },
    })
  })

  it('finds nothing on its next run; each run is one entry of the audit trail', async () => {
    const stored2 = await everythingStored(database)
    expect(await run()).toEqual([JOB])
    expect(await everythingStored(database)).toEqual(stored2)
    const entries = await retentionEntries()
    expect(
      entries.map(({ actor, year, filters, rows }) => ({ actor, year, filters, rows })),
    ).toEqual([
      {
        actor: 'Retention schedule',
        year: 2025,
        filters: { erasedBefore: 2022, retentionYears: 3 },
        rows: 0,
      },
      {
        actor: 'Retention schedule',
        year: 2025,
        filters: { erasedBefore: 2022, retentionYears: 3 },
        rows: 2,
      },
    ])
  })

  it('is counted by the metrics: its runs and the enrollments erased', async () => {
    const response = await now.app.inject({ method: 'GET', url: '/metrics' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain(`pos_periodic_job_runs_total{job="${JOB}",outcome="success"} 2`)
    expect(response.body).toContain(`pos_periodic_job_done_total{job="${JOB}"} 2`)
  })
})

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'data retention with two instances on one PostgreSQL database',
  () => {
    let idp: TestIdentityProvider
    let database: TestDatabase
    let other: DatabaseHandle
    let first: YearApp
    let second: YearApp

    beforeAll(async () => {
      idp = await startTestIdentityProvider()
      database = await createTestDatabase('postgres')
      const in2020 = await openYear(database, idp, 2020)
      const y2020 = office(in2020, database)
      for (const name of ['Erin One Chevrolet', 'Erin Two Chevrolet', 'Erin Three Chevrolet']) {
        const dealer = await y2020.submit(dealerEnrollment({ name }, { year: 2020 }))
        await y2020.act(dealer.guid, 'decline')
      }
      await in2020.close()
      await notDue(database)
      other = await openDatabase({ databaseUrl: database.url, dataDir: '' })
      const options = { everyMs: HOUR, batchSize: 2 }
      first = await openYear(database, idp, 2025, options)
      second = await openYear(other, idp, 2025, options)
      await firstLookPassed(first, second)
    })

    afterAll(async () => {
      await second?.close()
      await first?.close()
      await other?.close()
      await database?.close()
      await idp?.close()
    })

    const runs = async () =>
      (await first.asAdmin({ method: 'GET', url: '/api/audit?year=2025' }))
        .json()
        .entries.filter((entry: AuditEntry) => entry.action === 'retention-erasure')
        .map((entry: AuditEntry) => entry.rows)

    it('two instances looking at once erase once, and the audit trail has one entry per run', async () => {
      await due(database)
      const [one, two] = await Promise.all([
        first.app.scheduler.runDue(),
        second.app.scheduler.runDue(),
      ])
      expect([...one, ...two]).toEqual([JOB])
      expect(await runs()).toEqual([3])
      expect(await rowsNaming(database, /\berin\b/i)).toEqual([])

      await due(database)
      const again = await Promise.all([first.app.scheduler.runDue(), second.app.scheduler.runDue()])
      expect(again.flat()).toEqual([JOB])
      expect(await runs()).toEqual([0, 3])
    })
  },
)

/**
 * The batches lock the declined enrollments they erase with SKIP LOCKED, so a row an office
 * action holds at that moment is skipped; the run comes back to it, waiting for its lock, so a
 * row held briefly is erased by the same run. PostgreSQL only: PGlite runs one transaction at a
 * time, so no other transaction can hold a row while the retention runs there.
 */
describe.runIf(testDatabaseKinds().includes('postgres'))(
  'data retention and a row another transaction holds, on PostgreSQL',
  () => {
    let idp: TestIdentityProvider
    let database: TestDatabase
    let now: YearApp
    const guids: Record<string, string> = {}

    beforeAll(async () => {
      idp = await startTestIdentityProvider()
      database = await createTestDatabase('postgres')
      const in2020 = await openYear(database, idp, 2020)
      const y2020 = office(in2020, database)
      for (const name of ['Lena Held', 'Lars Free', 'Liv Stuck', 'Leo Free']) {
        const dealer = await y2020.submit(
          dealerEnrollment({ name: `${name} Chevrolet` }, { year: 2020 }),
        )
        guids[name] = dealer.guid
      }
      for (const name of ['Lena Held', 'Lars Free']) await y2020.act(guids[name] ?? '', 'decline')
      await in2020.close()
      await notDue(database)
      // Daily, as deployed: a run that leaves a row runs again within the hour.
      now = await openYear(database, idp, 2025, {
        everyMs: 24 * HOUR,
        batchSize: 1,
        lockWaitMs: 2000,
      })
      await firstLookPassed(now)
    })

    afterAll(async () => {
      await now?.close()
      await database?.close()
      await idp?.close()
    })

    /** A second connection's transaction holding the enrollment's row, as an office action does. */
    async function hold(guid: string): Promise<{ commit(): Promise<void> }> {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      await client.query('begin')
      await client.query('select id from enrollments where guid = $1 for update', [guid])
      return {
        async commit() {
          await client.query('commit')
          await client.end()
        },
      }
    }
    const lastRun = async () => {
      const entries = (await now.asAdmin({ method: 'GET', url: '/api/audit?year=2025' }))
        .json()
        .entries.filter((entry: AuditEntry) => entry.action === 'retention-erasure')
      const { rows, filters } = entries[0] as AuditEntry
      return { rows, filters }
    }
    const dueIn = async () => {
      const row = await database.db
        .selectFrom('scheduled_jobs')
        .select(sql<number>`extract(epoch from due_at - now())`.as('seconds'))
        .where('name', '=', JOB)
        .executeTakeFirstOrThrow()
      return Number(row.seconds)
    }

    it('erases, in the same run, a declined enrollment another transaction held when the batches came to it', async () => {
      const holder = await hold(guids['Lena Held'] ?? '')
      await due(database)
      let finished = false
      const running = now.app.scheduler.runDue().finally(() => {
        finished = true
      })
      // The batches skip the held row; the holder commits once the run waits for it (or ends).
      const waited = await waitFor(async () => {
        if ((await countLockWaiters(database.url ?? '')) > 0) return true
        return finished ? false : undefined
      })
      await holder.commit()
      expect(await running).toEqual([JOB])

      expect(await rowsNaming(database, /Lena Held|Lars Free/)).toEqual([])
      expect(await lastRun()).toEqual({
        rows: 2,
        filters: { erasedBefore: 2022, retentionYears: 3 },
      })
      // It was the run's last look that waited for the lock; nothing left, due again in a day.
      expect(waited).toBe(true)
      expect(await dueIn()).toBeGreaterThan(23 * 3600)
    })

    it('counts a row held for longer than the run waits, and runs again within the hour', async () => {
      // Two more declined in 2020, by that year's office.
      const in2020 = await openYear(database, idp, 2020)
      for (const name of ['Liv Stuck', 'Leo Free']) {
        await office(in2020, database).act(guids[name] ?? '', 'decline')
      }
      await in2020.close()
      const holder = await hold(guids['Liv Stuck'] ?? '')
      await due(database)
      try {
        expect(await now.app.scheduler.runDue()).toEqual([JOB])
      } finally {
        await holder.commit()
      }
      expect(await rowsNaming(database, /Leo Free/)).toEqual([])
      expect(await rowsNaming(database, /Liv Stuck/)).not.toEqual([])
      expect(await lastRun()).toEqual({
        rows: 1,
        filters: { erasedBefore: 2022, retentionYears: 3, stillLocked: 1 },
      })
      // Due again in an hour, not a day (and this instance looks then: scheduler-runs.test.ts).
      const seconds = await dueIn()
      expect(seconds).toBeGreaterThan(HOUR / 1000 - 60)
      expect(seconds).toBeLessThanOrEqual(HOUR / 1000)

      await due(database)
      expect(await now.app.scheduler.runDue()).toEqual([JOB])
      expect(await rowsNaming(database, /Liv Stuck/)).toEqual([])
      expect(await lastRun()).toEqual({
        rows: 1,
        filters: { erasedBefore: 2022, retentionYears: 3 },
      })
    })
  },
)
