import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'

/**
 * Two releases of one event at once (docs/product.md#releases): a second connection holds the
 * event's row lock, both releases queue behind it, and once it lets go the first makes release
 * 1 and the second is refused: one release. Only PostgreSQL shows this: PGlite runs one
 * transaction at a time.
 */
describe.runIf(hasPostgres())('releases of one event under concurrency on PostgreSQL', () => {
  let t: AdminTestApp
  let url: string
  beforeAll(async () => {
    t = await createAdminTestApp(
      'postgres',
      {},
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
    url = t.database.url ?? ''
  })
  afterAll(() => t.close())

  it('two releases at once make one; the other is told a release was made meanwhile', async () => {
    const created = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: {
        name: 'Raced Release Event',
        shipBy: '2025-05-01',
        inStoreFrom: '2025-05-10',
        inStoreTo: '2025-05-31',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const event = created.json() as { guid: string }
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const approved = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${dealer.guid}/approve`,
    })
    expect(approved.statusCode, approved.body).toBe(200)

    const other = new pg.Client({ connectionString: url })
    await other.connect()
    const calls: Array<Promise<LightMyRequestResponse>> = []
    try {
      await other.query('begin')
      await other.query('select id from sales_events where guid = $1 for update', [event.guid])
      for (const index of [0, 1]) {
        calls.push(
          t.asAdmin({
            method: 'POST',
            url: `/api/shipping/events/${event.guid}/releases`,
            payload: { after: 0 },
          }),
        )
        await waitFor(async () => ((await countLockWaiters(url)) > index ? true : undefined))
      }
      await other.query('commit')
      const answers = await Promise.all(calls)
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409])
      const refused = answers.find((answer) => answer.statusCode === 409)
      expect(refused?.json().detail).toContain('was made meanwhile')
    } finally {
      await Promise.allSettled(calls)
      await other.end()
    }
    const releases = await t.asAdmin({
      method: 'GET',
      url: `/api/shipping/events/${event.guid}/releases`,
    })
    expect(releases.json()).toHaveLength(1)
  })
})

describe.runIf(hasPostgres())('events added at once on PostgreSQL', () => {
  let t: AdminTestApp
  let url: string
  beforeAll(async () => {
    t = await createAdminTestApp(
      'postgres',
      {},
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
    url = t.database.url ?? ''
  })
  afterAll(() => t.close())

  it('two events added at once both get a number of their own', async () => {
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    const calls: Array<Promise<LightMyRequestResponse>> = []
    try {
      await other.query('begin')
      await other.query('select pg_advisory_xact_lock(hashtext($1))', ['sales-events chevy 2025'])
      for (const index of [0, 1]) {
        calls.push(
          t.asAdmin({
            method: 'POST',
            url: '/api/shipping/events?brand=chevy&year=2025',
            payload: {
              name: `Raced Event ${index}`,
              shipBy: '2025-05-01',
              inStoreFrom: '2025-05-10',
              inStoreTo: '2025-05-31',
            },
          }),
        )
        await waitFor(async () => ((await countLockWaiters(url)) > index ? true : undefined))
      }
      await other.query('commit')
      const answers = await Promise.all(calls)
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201])
      const codes = answers.map((answer) => (answer.json() as { code: string }).code)
      expect(new Set(codes).size).toBe(2)
    } finally {
      await Promise.allSettled(calls)
      await other.end()
    }
  })
})
