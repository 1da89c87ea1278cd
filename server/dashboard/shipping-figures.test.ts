import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard } from '../../shared/dashboard/dashboard-schema.js'
import { FIGURE_LINKS } from '../../shared/dashboard/figure-filters.js'
import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  regionId,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { onlySheet, openWorkbook, postReportForm } from '../test-support/report-download.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const YEAR = 2025
/** Past: its late figure counts. */
const PAST = { shipBy: '2025-03-01', inStoreFrom: '2025-03-15', inStoreTo: '2025-04-15' }
/** Ahead: nothing of it is late yet. */
const AHEAD = { shipBy: '2099-03-01', inStoreFrom: '2099-03-15', inStoreTo: '2099-04-15' }

type Figure = 'to-ship' | 'shipped' | 'late'

/**
 * The dashboard's shipping figures (docs/product.md#dashboard) and the list filter each opens:
 * per sales event, its dealers to ship (the latest release's rows not cancelled), shipped (with a
 * shipment) and not shipped past the ship-by date; the list of a figure holds the same dealers,
 * and so does its export; a regional manager's count their regions only. The shipments are
 * written directly (the tracking upload is not needed to count them).
 */
describe.each(testDatabaseKinds())('the dashboard’s shipping figures on %s', (kind) => {
  let t: AdminTestApp
  let regional: { inject: Inject; token: string }
  let adminToken: string
  const events: Record<'past' | 'ahead' | 'unreleased', { guid: string; code: string }> =
    {} as never
  const enrollments: Record<string, WireEnrollment> = {}

  async function newEvent(name: string, dates: typeof PAST) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events?brand=chevy&year=${YEAR}`,
      payload: { name, ...PAST },
    })
    expect(response.statusCode, response.body).toBe(201)
    const event = response.json() as { guid: string; code: string }
    // An event whose ship-by date is still ahead on any day the test runs: written directly,
    // beyond the window in which the office dates an event of this year.
    if (dates !== PAST) {
      await t.database.db
        .updateTable('sales_events')
        .set({
          ship_by: dates.shipBy,
          in_store_from: dates.inStoreFrom,
          in_store_to: dates.inStoreTo,
        })
        .where('guid', '=', event.guid)
        .execute()
    }
    return event
  }
  async function act(action: string, guid: string) {
    const response = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/${action}` })
    expect(response.statusCode, response.body).toBe(200)
  }
  async function release(guid: string) {
    const manifest = await t.asAdmin({
      method: 'GET',
      url: `/api/shipping/events/${guid}/manifest`,
    })
    const after = (manifest.json() as { lastRelease: { number: number } | null }).lastRelease
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events/${guid}/releases`,
      payload: { after: after?.number ?? 0 },
    })
    expect(response.statusCode, response.body).toBe(201)
  }
  async function ship(event: { guid: string }, label: string, tracking: string) {
    const enrollment = enrollments[label]
    const bac = enrollment?.dealers[0]?.bac ?? ''
    const { id } = await t.database.db
      .selectFrom('sales_events')
      .select('id')
      .where('guid', '=', event.guid)
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('shipments')
      .values({
        event_id: id,
        bac,
        bac_key: bac.toUpperCase(),
        tracking_number: tracking,
        carrier: 'UPS',
        shipped_on: '2025-02-20',
        enrollment_guid: enrollment?.guid ?? '',
        region_id: enrollment?.regionId ?? null,
        recorded_by: 'test',
      })
      .execute()
  }

  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { ENROLLMENT_YEAR: String(YEAR) },
      { mail: { worker: false } },
    )
    adminToken = await t.idp.sign(ADMIN_CLAIMS)
    regional = await signedInAs(t, REGIONAL_MANAGER_CLAIMS)
    const greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    const other = await t.database.db
      .selectFrom('regions')
      .select('id')
      .where('id', '<>', greatLakes)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    // a, b and d in Great Lakes, c elsewhere; f is never approved, so ships nothing.
    const plan: Array<[string, number]> = [
      ['a', greatLakes],
      ['b', greatLakes],
      ['c', other.id],
      ['d', greatLakes],
      ['f', greatLakes],
    ]
    for (const [label, region] of plan) {
      enrollments[label] = await submittedEnrollment(
        t,
        dealerEnrollment({}, { regionId: region, year: YEAR }),
      )
      if (label !== 'f') await act('approve', enrollments[label]?.guid ?? '')
    }
    events.past = await newEvent('Spring Sales Event', PAST)
    events.ahead = await newEvent('Fall Sales Event', AHEAD)
    events.unreleased = await newEvent('Winter Sales Event', AHEAD)
    await release(events.past.guid)
    await release(events.ahead.guid)
    // Two packages for a: one dealer shipped; c shipped; b and d not.
    await ship(events.past, 'a', '1Z0001')
    await ship(events.past, 'a', '1Z0002')
    await ship(events.past, 'c', '1Z0003')
    await ship(events.ahead, 'b', '1Z0004')
    // Declined after the release: still to ship until the next release cancels it.
    await act('decline', enrollments.d?.guid ?? '')
  })
  afterAll(() => t.close())

  const dashboardOf = async (inject: Inject, brand = 'chevy') => {
    const response = await inject({
      method: 'GET',
      url: `/api/dashboard?year=${YEAR}${brand ? `&brand=${brand}` : ''}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Dashboard
  }
  const listOf = async (inject: Inject, shipping: string) => {
    const link = FIGURE_LINKS.shipping(
      shipping.split(':')[0] ?? '',
      shipping.split(':')[1] as Figure,
    )
    // As the dashboard's link writes it (web/src/features/admin/program-office/list-link.ts).
    const query = new URLSearchParams({
      year: String(YEAR),
      brand: 'chevy',
      shipping: link.filter.shipping ?? '',
    })
    const response = await inject({ method: 'GET', url: `/api/enrollments?${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as EnrollmentListItem[]
  }
  const guidsOf = (...labels: string[]) =>
    labels.map((label) => enrollments[label]?.guid ?? '').sort()
  const sumDealers = (rows: EnrollmentListItem[]) => rows.reduce((sum, row) => sum + row.dealers, 0)

  it('counts each event’s dealers to ship, shipped, and not shipped past its ship-by date', async () => {
    const dashboard = await dashboardOf(t.asAdmin)
    expect(
      dashboard.shipping.map(({ name, released, toShip, shipped, late }) => ({
        name,
        released,
        toShip,
        shipped,
        late,
      })),
    ).toEqual([
      { name: 'Spring Sales Event', released: true, toShip: 4, shipped: 2, late: 2 },
      { name: 'Fall Sales Event', released: true, toShip: 4, shipped: 1, late: 0 },
      { name: 'Winter Sales Event', released: false, toShip: 0, shipped: 0, late: 0 },
    ])
    expect(dashboard.shipping[0]).toMatchObject({
      code: events.past.code,
      brand: 'chevy',
      shipBy: PAST.shipBy,
    })
    // All brands lists the same events (by brand); another brand's year has none.
    expect((await dashboardOf(t.asAdmin, '')).shipping).toEqual(dashboard.shipping)
    expect((await dashboardOf(t.asAdmin, 'gm')).shipping).toEqual([])
  })

  it('each figure opens a list of the same dealers, and the list’s export has the same enrollments', async () => {
    const expected: Record<string, string[]> = {
      [`${events.past.code}:to-ship`]: guidsOf('a', 'b', 'c', 'd'),
      [`${events.past.code}:shipped`]: guidsOf('a', 'c'),
      [`${events.past.code}:late`]: guidsOf('b', 'd'),
      [`${events.ahead.code}:shipped`]: guidsOf('b'),
      [`${events.ahead.code}:late`]: [],
      [`${events.unreleased.code}:to-ship`]: [],
    }
    const dashboard = await dashboardOf(t.asAdmin)
    const figureOf = (filter: string) => {
      const [code, figure] = filter.split(':')
      const event = dashboard.shipping.find((each) => each.code === code)
      if (!event) throw new Error(`No event ${code}`)
      return figure === 'to-ship' ? event.toShip : figure === 'shipped' ? event.shipped : event.late
    }
    for (const [filter, guids] of Object.entries(expected)) {
      const rows = await listOf(t.asAdmin, filter)
      expect(rows.map((row) => row.guid).sort(), filter).toEqual(guids)
      expect(sumDealers(rows), filter).toBe(figureOf(filter))
      const exported = await postReportForm(t.app, '/api/reports/enrollment-list', {
        bearer_token: adminToken,
        year: String(YEAR),
        brand: 'chevy',
        shipping: filter,
      })
      expect(exported.statusCode, exported.body).toBe(200)
      expect(onlySheet(await openWorkbook(exported)).rowCount - 1, filter).toBe(guids.length)
    }
    // The declined enrollment covers no dealers, but its released row is still to ship.
    const late = await listOf(t.asAdmin, `${events.past.code}:late`)
    expect(late.find((row) => row.guid === enrollments.d?.guid)).toMatchObject({
      status: 'Declined',
      dealers: 1,
    })
  })

  it('a regional manager’s figures and lists count their regions only', async () => {
    const dashboard = await dashboardOf(regional.inject)
    expect(dashboard.shipping.map(({ toShip, shipped, late }) => [toShip, shipped, late])).toEqual([
      [3, 1, 2],
      [3, 1, 0],
      [0, 0, 0],
    ])
    const shipped = await listOf(regional.inject, `${events.past.code}:shipped`)
    expect(shipped.map((row) => row.guid)).toEqual(guidsOf('a'))
    expect(sumDealers(shipped)).toBe(1)
  })

  it('the next release takes a cancelled dealer out of the figures', async () => {
    await release(events.past.guid)
    const [past] = (await dashboardOf(t.asAdmin)).shipping
    expect(past).toMatchObject({ toShip: 3, shipped: 2, late: 1 })
    const late = await listOf(t.asAdmin, `${events.past.code}:late`)
    expect(late.map((row) => row.guid)).toEqual(guidsOf('b'))
  })

  it('refuses a shipping filter it cannot read, naming the field; an unknown event lists nothing', async () => {
    for (const value of ['soon', 'CHEVY-2025-1', 'CHEVY-2025-1:lost', ':shipped']) {
      const response = await t.asAdmin({
        method: 'GET',
        url: `/api/enrollments?${new URLSearchParams({ shipping: value })}`,
      })
      expect(response.statusCode, value).toBe(400)
      expect(response.json().errors.shipping, value).toEqual([
        'Shipping must be a sales event’s code and a figure, such as CHEVY-2026-2:shipped (to-ship, shipped or late).',
      ])
    }
    const unknown = await t.asAdmin({
      method: 'GET',
      url: `/api/enrollments?year=${YEAR}&shipping=chevy-2025-99:to-ship`,
    })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.json()).toEqual([])
    // Read in any case, as the address may spell it.
    const lower = await listOf(t.asAdmin, `${events.past.code.toLowerCase()}:SHIPPED`)
    expect(lower.map((row) => row.guid).sort()).toEqual(guidsOf('a', 'c'))
    const form = await postReportForm(t.app, '/api/reports/enrollment-list', {
      bearer_token: adminToken,
      shipping: 'soon',
    })
    expect(form.statusCode).toBe(400)
  })
})
