import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'

/**
 * A tracking upload racing a decline of an enrollment on the released manifest
 * (docs/product.md#tracking-upload): whichever waits for the other, the upload is recorded
 * against the release it was checked with, and the decline's cancellation is in the next
 * release. A second connection holds the lock one of them waits for, then lets it go. Only
 * PostgreSQL shows this: PGlite runs one transaction at a time.
 */
describe.runIf(hasPostgres())('the tracking upload under concurrency on PostgreSQL', () => {
  let t: AdminTestApp
  let url: string
  let asVendor: Inject
  beforeAll(async () => {
    t = await createAdminTestApp(
      'postgres',
      { FULFILLMENT_ROLE: 'PosVendor' },
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
    url = t.database.url ?? ''
    asVendor = (
      await signedInAs(t, {
        preferred_username: 'vera.vendor@printer.example',
        name: 'Vera Vendor',
        roles: ['PosVendor'],
      })
    ).inject
  })
  afterAll(() => t.close())

  let events = 0
  async function releasedDealer(): Promise<{
    event: { guid: string; code: string }
    dealer: WireEnrollment
    bac: string
  }> {
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const approved = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${dealer.guid}/approve`,
    })
    expect(approved.statusCode, approved.body).toBe(200)
    const created = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: {
        name: `Raced Upload Event ${++events}`,
        shipBy: '2025-05-01',
        inStoreFrom: '2025-05-10',
        inStoreTo: '2025-05-31',
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const event = created.json() as { guid: string; code: string }
    expect((await release(event.guid, 0)).statusCode).toBe(201)
    return { event, dealer, bac: dealer.dealers[0]?.bac ?? '' }
  }
  const release = (guid: string, after: number) =>
    t.asAdmin({ method: 'POST', url: `/api/shipping/events/${guid}/releases`, payload: { after } })
  const upload = (bac: string, code: string, tracking: string) =>
    asVendor({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': 'text/csv' },
      payload: `BAC,Event Code,Carrier,Tracking Number,Shipped Date\r\n${bac},${code},UPS,${tracking},2025-04-28\r\n`,
    })
  const decline = (guid: string) =>
    t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/decline` })

  /**
   * Runs `waiting` while a second connection holds `lock` (it waits for it), then `meanwhile`
   * (which does not), then lets the lock go: both answers.
   */
  async function race(
    lock: [string, unknown[]],
    waiting: () => Promise<LightMyRequestResponse>,
    meanwhile: () => Promise<LightMyRequestResponse>,
  ): Promise<[LightMyRequestResponse, LightMyRequestResponse]> {
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    let waited: Promise<LightMyRequestResponse> | undefined
    try {
      await other.query('begin')
      await other.query(lock[0], lock[1])
      waited = waiting()
      await waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))
      const done = await meanwhile()
      await other.query('commit')
      return [await waited, done]
    } finally {
      await waited?.catch(() => undefined)
      await other.end()
    }
  }

  /** The next release lists the declined dealer as a cancellation; the shipment is kept. */
  async function expectCancelledNext(event: { guid: string }, bac: string, tracking: string) {
    const manifest = (
      await t.asAdmin({ method: 'GET', url: `/api/shipping/events/${event.guid}/manifest` })
    ).json()
    expect(manifest.cancelled.map((row: { bac: string }) => row.bac)).toEqual([bac])
    expect(manifest.rows.map((row: { bac: string }) => row.bac)).not.toContain(bac)
    const next = await release(event.guid, 1)
    expect(next.statusCode, next.body).toBe(201)
    const file = await asVendor({
      method: 'GET',
      url: `/api/shipping/events/${event.guid}/releases/2/file?format=csv&rows=changes`,
    })
    expect(file.body).toContain(`,Cancelled,${bac},`)
    const shipments = await t.database.db
      .selectFrom('shipments')
      .select('tracking_number')
      .where('bac', '=', bac)
      .execute()
    expect(shipments).toEqual([{ tracking_number: tracking }])
  }

  it('an upload waiting for the event while the enrollment is declined: recorded, and the decline is cancelled in the next release', async () => {
    const { event, dealer, bac } = await releasedDealer()
    const [uploaded, declined] = await race(
      ['select id from sales_events where guid = $1 for update', [event.guid]],
      () => upload(bac, event.code, '1ZRACEA'),
      () => decline(dealer.guid),
    )
    expect(declined.statusCode, declined.body).toBe(200)
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    expect(uploaded.json()).toEqual({ rows: 1, added: 1, unchanged: 0 })
    await expectCancelledNext(event, bac, '1ZRACEA')
  })

  it('a decline waiting for the enrollment while the upload is recorded: the decline is cancelled in the next release', async () => {
    const { event, dealer, bac } = await releasedDealer()
    const [declined, uploaded] = await race(
      ['select id from enrollments where guid = $1 for update', [dealer.guid]],
      () => decline(dealer.guid),
      () => upload(bac, event.code, '1ZRACEB'),
    )
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    expect(declined.statusCode, declined.body).toBe(200)
    await expectCancelledNext(event, bac, '1ZRACEB')
  })

  it('an upload waits for a release under way and is checked against it: a dealer it cancels is refused', async () => {
    const { event, dealer, bac } = await releasedDealer()
    expect((await decline(dealer.guid)).statusCode).toBe(200)
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    let uploaded: Promise<LightMyRequestResponse> | undefined
    try {
      await other.query('begin')
      await other.query('select id from sales_events where guid = $1 for update', [event.guid])
      const released = release(event.guid, 1)
      await waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))
      uploaded = upload(bac, event.code, '1ZRACEC')
      await waitFor(async () => ((await countLockWaiters(url)) > 1 ? true : undefined))
      await other.query('commit')
      expect((await released).statusCode).toBe(201)
      const answer = await uploaded
      expect(answer.statusCode, answer.body).toBe(400)
      expect(answer.json().errors['row 2']).toEqual([
        `BAC ${bac} is cancelled in release 2 of ${event.code}: it does not ship.`,
      ])
    } finally {
      await uploaded?.catch(() => undefined)
      await other.end()
    }
  })
})
