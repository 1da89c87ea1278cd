import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminTestApp,
  createAdminTestApp,
  REGIONAL_MANAGER_REGION,
  regionId,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const EVENT = {
  name: 'Spring Sales Event',
  shipBy: '2025-03-01',
  inStoreFrom: '2025-03-15',
  inStoreTo: '2025-04-15',
}

/**
 * Sales events, manifests and releases (docs/product.md#shipping): what the office sets up and
 * releases, and how the manifest follows the enrollment's lifecycle (approve, edit, send back,
 * decline) from one release to the next.
 */
describe.each(testDatabaseKinds())('sales events and manifests on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  let events = 0
  async function newEvent(year = 2025) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events?brand=chevy&year=${year}`,
      payload: { ...EVENT, name: `${EVENT.name} ${++events}` },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { guid: string; code: string; version: number; name: string }
  }
  async function act(action: string, guid: string, payload?: object) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guid}/${action}`,
      ...(payload ? { payload } : {}),
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const manifest = async (guid: string) =>
    (await t.asAdmin({ method: 'GET', url: `/api/shipping/events/${guid}/manifest` })).json()
  const release = (guid: string, after: number) =>
    t.asAdmin({ method: 'POST', url: `/api/shipping/events/${guid}/releases`, payload: { after } })

  it('adds, renames and removes events; the name is unique in the brand’s year; bad input is a 400', async () => {
    const event = await newEvent()
    expect(event.code).toMatch(/^CHEVY-2025-\d+$/)
    const twice = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: { ...EVENT, name: event.name.toUpperCase() },
    })
    expect(twice.statusCode).toBe(409)
    const bad = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: { ...EVENT, name: 'Late', shipBy: '2025-03-20' },
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.body).toContain('Kits must ship by the first in-store date at the latest.')
    const renamed = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipping/events/${event.guid}`,
      payload: { ...EVENT, name: 'Renamed Event', version: event.version },
    })
    expect(renamed.statusCode, renamed.body).toBe(200)
    const stale = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipping/events/${event.guid}`,
      payload: { ...EVENT, name: 'Again', version: event.version },
    })
    expect(stale.statusCode).toBe(409)
    const removed = await t.asAdmin({ method: 'DELETE', url: `/api/shipping/events/${event.guid}` })
    expect(removed.statusCode).toBe(204)
  })

  it('the readers see events and manifests and change nothing; the vendor sees released events only', async () => {
    const event = await newEvent()
    for (const as of [t.asReadOnly, t.asRegionalManager]) {
      expect(
        (await as({ method: 'GET', url: '/api/shipping/events?brand=chevy' })).statusCode,
      ).toBe(200)
      expect(
        (await as({ method: 'GET', url: `/api/shipping/events/${event.guid}/manifest` }))
          .statusCode,
      ).toBe(200)
      const add = await as({
        method: 'POST',
        url: '/api/shipping/events?brand=chevy',
        payload: EVENT,
      })
      expect(add.statusCode).toBe(403)
      expect(
        (
          await as({
            method: 'POST',
            url: `/api/shipping/events/${event.guid}/releases`,
            payload: { after: 0 },
          })
        ).statusCode,
      ).toBe(403)
    }
  })

  it('a release lists every dealer to ship; the next lists what changed: a change, a cancellation, an enrollment sent back keeps its rows', async () => {
    const event = await newEvent()
    const kept = await submittedEnrollment(
      t,
      dealerEnrollment({ kitSize: 'Small', hispanic: 'Yes' }),
    )
    const changing = await submittedEnrollment(t, dealerEnrollment({ hispanic: 'Only' }))
    const declining = await submittedEnrollment(t, dealerEnrollment())
    const notApproved = await submittedEnrollment(t, dealerEnrollment())
    for (const each of [kept, changing, declining]) await act('approve', each.guid)

    const first = await manifest(event.guid)
    const bacs = first.rows.map((row: { bac: string }) => row.bac)
    expect(bacs).toEqual(
      expect.arrayContaining([kept, changing, declining].map((e) => e.dealers[0]?.bac)),
    )
    expect(bacs).not.toContain(notApproved.dealers[0]?.bac)
    const keptRow = first.rows.find((row: { bac: string }) => row.bac === kept.dealers[0]?.bac)
    expect(keptRow).toMatchObject({
      englishKit: 'Small',
      englishKits: 1,
      hispanicKit: 'Add-On',
      hispanicKits: 1,
      address: '100 Main Street',
      change: 'added',
    })
    const onlyRow = first.rows.find((row: { bac: string }) => row.bac === changing.dealers[0]?.bac)
    expect(onlyRow).toMatchObject({
      englishKit: null,
      englishKits: 0,
      hispanicKit: 'Large Hispanic-Only',
    })

    const released = await release(event.guid, 0)
    expect(released.statusCode, released.body).toBe(201)
    expect(released.json()).toMatchObject({ number: 1 })
    // Two releases of the same manifest: the second is refused.
    expect((await release(event.guid, 0)).statusCode).toBe(409)
    expect((await release(event.guid, 1)).statusCode).toBe(409)

    // A change of an approved enrollment, a decline; the sent-back one keeps its rows.
    const stored = (
      await t.asAdmin({ method: 'GET', url: `/api/enrollments/${changing.guid}` })
    ).json()
    const dealer = { ...stored.dealers[0], address: '9 New Road' }
    const saved = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${changing.guid}/update`,
      payload: { ...stored, regionId: 1, dealers: [dealer] },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    await act('decline', declining.guid)

    const second = await manifest(event.guid)
    const change = (bac: string | undefined) =>
      [...second.rows, ...second.cancelled].find((row: { bac: string }) => row.bac === bac)?.change
    expect(change(changing.dealers[0]?.bac)).toBe('changed')
    expect(change(declining.dealers[0]?.bac)).toBe('cancelled')
    expect(change(kept.dealers[0]?.bac)).toBe('unchanged')
    const next = await release(event.guid, 1)
    expect(next.statusCode, next.body).toBe(201)
    const rows = (
      await t.asAdmin({ method: 'GET', url: `/api/shipping/events/${event.guid}/releases/2` })
    ).json().rows
    expect(rows.find((row: { bac: string }) => row.bac === declining.dealers[0]?.bac)?.change).toBe(
      'cancelled',
    )
    expect(rows.find((row: { bac: string }) => row.bac === changing.dealers[0]?.bac)?.address).toBe(
      '9 New Road',
    )

    // Released: the event cannot be removed.
    expect(
      (await t.asAdmin({ method: 'DELETE', url: `/api/shipping/events/${event.guid}` })).statusCode,
    ).toBe(409)
  })

  it('dates an event around its year: a date outside the year before to the year after is a 400 naming it', async () => {
    const far = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: { ...EVENT, name: 'Far Away', shipBy: '1970-01-01', inStoreTo: '9999-12-31' },
    })
    expect(far.statusCode).toBe(400)
    expect(Object.keys(far.json().errors).sort()).toEqual(['inStoreTo', 'shipBy'])
    expect(far.json().errors.shipBy[0]).toBe(
      'The ship-by date must fall between Jan 1, 2024 and Dec 31, 2026: an event of 2025 is dated around its program year.',
    )
    const event = await newEvent()
    const moved = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipping/events/${event.guid}`,
      payload: { ...EVENT, inStoreTo: '2031-01-01', version: event.version },
    })
    expect(moved.statusCode).toBe(400)
  })

  it('the vendor reads releases without the enrollments’ guids, and never an event not released; a regional manager counts their regions', async () => {
    const event = await newEvent()
    // Not released: to the vendor, no such event (its name stays the office's).
    for (const url of [
      `/api/shipping/events/${event.guid}/releases`,
      `/api/shipping/events/${event.guid}/releases/1`,
    ]) {
      const hidden = await t.asVendor({ method: 'GET', url })
      expect(hidden.statusCode, url).toBe(404)
      expect(hidden.body).not.toContain(event.name)
    }
    const theirs = await submittedEnrollment(t, dealerEnrollment())
    const others = await submittedEnrollment(t, dealerEnrollment())
    const greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    await t.database.db
      .updateTable('enrollments')
      .set({ region_id: greatLakes })
      .where('guid', '=', theirs.guid)
      .execute()
    for (const each of [theirs, others]) await act('approve', each.guid)
    expect((await release(event.guid, 0)).statusCode).toBe(201)

    const read = await t.asVendor({
      method: 'GET',
      url: `/api/shipping/events/${event.guid}/releases/1`,
    })
    expect(read.statusCode, read.body).toBe(200)
    expect(read.body).not.toContain(theirs.guid)
    expect(read.body).not.toContain(others.guid)
    expect(read.json().rows.map((row: { reference: string }) => row.reference)).toContain(
      theirs.reference,
    )

    const all = (
      await t.asAdmin({ method: 'GET', url: `/api/shipping/events/${event.guid}/releases` })
    ).json()
    const mine = (
      await t.asRegionalManager({
        method: 'GET',
        url: `/api/shipping/events/${event.guid}/releases`,
      })
    ).json()
    expect(mine[0].rows).toBe(1)
    expect(mine[0].changes).toBe(1)
    expect(all[0].rows).toBeGreaterThan(1)
    const myRelease = (
      await t.asRegionalManager({
        method: 'GET',
        url: `/api/shipping/events/${event.guid}/releases/1`,
      })
    ).json()
    expect(myRelease.rows).toHaveLength(1)
  })

  it('an LMA sent back after approval keeps its approved rows until approved again (a change) or declined (a cancellation)', async () => {
    const event = await newEvent()
    const lma = await submittedEnrollment(t, lmaEnrollment(2))
    const bacs = lma.dealers.map((dealer) => dealer.bac)
    // The directory knows the first dealer; the office enters the second one's address.
    await t.database.db
      .insertInto('dealer_directory')
      .values({
        bac: bacs[0] ?? '',
        name: 'Directory Motors',
        address: '1 Directory Way',
        city: 'Peoria',
        state: 'IL',
        postal: '61602',
        country: 'USA',
      })
      .execute()
    await act('approve', lma.guid)
    const before = await manifest(event.guid)
    expect(before.rows.find((row: { bac: string }) => row.bac === bacs[0])).toMatchObject({
      address: '1 Directory Way',
      dealerName: 'Directory Motors',
    })
    expect(before.problems.find((row: { bac: string }) => row.bac === bacs[1])?.problem).toContain(
      'dealer directory does not know',
    )
    await act('re-authorize', lma.guid, { reason: 'Check the kits' })
    const sentBack = await manifest(event.guid)
    expect(sentBack.rows.map((row: { bac: string }) => row.bac)).toContain(bacs[0])
    await act('decline', lma.guid)
    const declined = await manifest(event.guid)
    expect(declined.rows.map((row: { bac: string }) => row.bac)).not.toContain(bacs[0])
  })
})
