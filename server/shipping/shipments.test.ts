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

const ADDRESS = {
  name: 'Prairie Motors',
  address: '12 Depot Street',
  city: 'Peoria',
  state: 'IL',
  postal: '61602',
  country: 'USA',
}

interface EventShipments {
  eventGuid: string
  eventName: string
  latestRelease: number | null
  onLatestRelease: boolean
  shipments: Array<{
    id: string
    bac: string
    carrier: string
    trackingNumber: string
    shippedOn: string
    trackingUrl: string | null
  }>
}

/**
 * An enrollment's shipments, the correction of one shipment and the office's ship-to address of
 * an LMA's dealer (docs/product.md#shipments-of-an-enrollment).
 */
describe.each(testDatabaseKinds())('an enrollment’s shipments on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  let events = 0
  async function newEvent() {
    events += 1
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: {
        name: `Truck Month ${events}`,
        shipBy: `2025-0${events}-01`,
        inStoreFrom: `2025-0${events}-10`,
        inStoreTo: `2025-0${events}-28`,
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    return response.json() as { guid: string; name: string; code: string }
  }
  async function approve(guid: string) {
    const response = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/approve` })
    expect(response.statusCode, response.body).toBe(200)
  }
  async function release(guid: string, after: number) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events/${guid}/releases`,
      payload: { after },
    })
    expect(response.statusCode, response.body).toBe(201)
  }
  const shipmentsOf = async (guid: string) => {
    const response = await t.asAdmin({ url: `/api/enrollments/${guid}/shipments` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as {
      events: EventShipments[]
      shipTo: Array<{ bac: string; shipTo: (typeof ADDRESS & { source: string }) | null }>
    }
  }
  /** A shipment as the vendor's upload stores it. */
  async function shipped(
    event: { guid: string },
    enrollment: { guid: string },
    bac: string,
    trackingNumber: string,
  ) {
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
        tracking_number: trackingNumber,
        carrier: 'UPS',
        shipped_on: '2025-02-20',
        enrollment_guid: enrollment.guid,
        region_id: null,
        recorded_by: 'vendor@example.com',
      })
      .execute()
  }
  const auditActions = async (action: string) =>
    (
      await t.database.db
        .selectFrom('audit_trail')
        .select(['actor', 'filters'])
        .where('action', '=', action)
        .execute()
    ).map((row) => ({
      actor: row.actor,
      filters: typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters,
    }))

  it('lists each event of the year, whether the enrollment is on its latest release, and its shipments with their tracking pages', async () => {
    const released = await newEvent()
    const notYet = await newEvent()
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const bac = dealer.dealers[0]?.bac ?? ''
    await approve(dealer.guid)
    await release(released.guid, 0)
    await shipped(released, dealer, bac, '1Z999AA10123456784')
    await shipped(released, dealer, bac, '1Z999AA10123456785')

    const answer = await shipmentsOf(dealer.guid)
    expect(answer.shipTo).toEqual([])
    const first = answer.events.find((each) => each.eventGuid === released.guid)
    expect(first).toMatchObject({ latestRelease: 1, onLatestRelease: true })
    expect(first?.shipments.map((each) => each.trackingNumber)).toEqual([
      '1Z999AA10123456784',
      '1Z999AA10123456785',
    ])
    expect(first?.shipments[0]).toMatchObject({
      bac,
      carrier: 'UPS',
      shippedOn: '2025-02-20',
      trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    })
    expect(answer.events.find((each) => each.eventGuid === notYet.guid)).toMatchObject({
      latestRelease: null,
      onLatestRelease: false,
      shipments: [],
    })

    // Declined after the release: the next release cancels it, and it is no longer on it.
    const declined = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${dealer.guid}/decline`,
    })
    expect(declined.statusCode, declined.body).toBe(200)
    const other = await submittedEnrollment(t, dealerEnrollment())
    await approve(other.guid)
    await release(released.guid, 1)
    const after = await shipmentsOf(dealer.guid)
    expect(after.events.find((each) => each.eventGuid === released.guid)).toMatchObject({
      latestRelease: 2,
      onLatestRelease: false,
    })
  })

  it('answers 404 for an enrollment that does not exist or is outside a regional manager’s regions; every office role reads', async () => {
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const missing = await t.asAdmin({
      url: '/api/enrollments/7d0f64a5-5f8e-4a57-9d7c-000000000000/shipments',
    })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().detail).toBe('There is no enrollment with this id.')
    expect((await t.asAdmin({ url: '/api/enrollments/not-a-guid/shipments' })).statusCode).toBe(400)
    // Without a region: the administrators' alone.
    expect(
      (await t.asRegionalManager({ url: `/api/enrollments/${dealer.guid}/shipments` })).statusCode,
    ).toBe(404)
    await t.database.db
      .updateTable('enrollments')
      .set({ region_id: await regionId(t, REGIONAL_MANAGER_REGION) })
      .where('guid', '=', dealer.guid)
      .execute()
    for (const as of [t.asRegionalManager, t.asReadOnly, t.asAdmin]) {
      expect((await as({ url: `/api/enrollments/${dealer.guid}/shipments` })).statusCode).toBe(200)
    }
  })

  it('an administrator corrects a shipment; its key stays unique; bad input changes nothing', async () => {
    const event = await newEvent()
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const bac = dealer.dealers[0]?.bac ?? ''
    await approve(dealer.guid)
    await release(event.guid, 0)
    await shipped(event, dealer, bac, 'TRACK-1')
    await shipped(event, dealer, bac, 'TRACK-2')
    const [one, two] =
      (await shipmentsOf(dealer.guid)).events.find((each) => each.eventGuid === event.guid)
        ?.shipments ?? []
    if (!one || !two) throw new Error('two shipments expected')

    const corrected = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipments/${one.id}`,
      payload: { carrier: 'FedEx', trackingNumber: ' 7489 ', shippedOn: '2025-02-21' },
    })
    expect(corrected.statusCode, corrected.body).toBe(200)
    expect(corrected.json()).toMatchObject({
      id: one.id,
      carrier: 'FedEx',
      trackingNumber: '7489',
      shippedOn: '2025-02-21',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=7489',
    })
    const stored = await t.database.db
      .selectFrom('shipments')
      .select(['modified_by', 'modified_at'])
      .where('id', '=', one.id)
      .executeTakeFirstOrThrow()
    expect(stored.modified_by).toBe('ada.admin@contoso.example')
    expect(stored.modified_at).not.toBeNull()
    expect(await auditActions('shipment-changed')).toContainEqual({
      actor: 'ada.admin@contoso.example',
      filters: expect.objectContaining({ bac, trackingNumber: '7489', carrier: 'FedEx' }),
    })

    // The same again changes nothing, and records nothing.
    const again = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipments/${one.id}`,
      payload: { carrier: 'FedEx', trackingNumber: '7489', shippedOn: '2025-02-21' },
    })
    expect(again.statusCode).toBe(200)
    expect(
      (await auditActions('shipment-changed')).filter((each) => each.filters.bac === bac),
    ).toHaveLength(1)

    // The other package's tracking number: 409, nothing changed.
    const clash = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipments/${one.id}`,
      payload: { carrier: 'UPS', trackingNumber: 'TRACK-2', shippedOn: '2025-02-22' },
    })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().detail).toBe(
      `Another package of ${bac} for ${event.name} already has the tracking number TRACK-2: correct that shipment instead.`,
    )
    for (const [payload, field] of [
      [{ carrier: 'UPS', trackingNumber: 'X', shippedOn: '2025-02-30' }, 'shippedOn'],
      [{ carrier: '', trackingNumber: 'X', shippedOn: '2025-02-20' }, 'carrier'],
      [
        { carrier: 'UPS', trackingNumber: 'X'.repeat(41), shippedOn: '2025-02-20' },
        'trackingNumber',
      ],
      [{ carrier: 'UPS', trackingNumber: 'X', shippedOn: '2025-02-20', extra: 1 }, ''],
      // The upload's rules: the correction took each of these.
      [{ carrier: 'UPS', trackingNumber: 'X', shippedOn: '2999-01-01' }, 'shippedOn'],
      [{ carrier: 'UPS', trackingNumber: 'X', shippedOn: '1900-01-01' }, 'shippedOn'],
      [{ carrier: 'UPS', trackingNumber: '<x>', shippedOn: '2025-02-20' }, 'trackingNumber'],
      [
        {
          carrier: '<b>Acme</b> http://evil.example',
          trackingNumber: 'X',
          shippedOn: '2025-02-20',
        },
        'carrier',
      ],
    ] as const) {
      const bad = await t.asAdmin({ method: 'PUT', url: `/api/shipments/${one.id}`, payload })
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400)
      if (field) expect(Object.keys(bad.json().errors ?? {})).toContain(field)
    }
    const after = (await shipmentsOf(dealer.guid)).events.find(
      (each) => each.eventGuid === event.guid,
    )?.shipments
    expect(after?.map((each) => [each.carrier, each.trackingNumber, each.shippedOn])).toEqual([
      ['UPS', 'TRACK-2', '2025-02-20'],
      ['FedEx', '7489', '2025-02-21'],
    ])
    // Written as the upload writes them: the carrier's usual name, the tracking number in upper
    // case without spaces.
    const written = await t.asAdmin({
      method: 'PUT',
      url: `/api/shipments/${one.id}`,
      payload: { carrier: 'ups', trackingNumber: '7489 z', shippedOn: '2025-02-21' },
    })
    expect(written.statusCode, written.body).toBe(200)
    expect(written.json()).toMatchObject({ carrier: 'UPS', trackingNumber: '7489Z' })

    const payload = { carrier: 'UPS', trackingNumber: 'X', shippedOn: '2025-02-20' }
    expect(
      (await t.asAdmin({ method: 'PUT', url: '/api/shipments/999999999', payload })).statusCode,
    ).toBe(404)
    expect(
      (await t.asAdmin({ method: 'PUT', url: '/api/shipments/abc', payload })).statusCode,
    ).toBe(400)
    for (const as of [t.asReadOnly, t.asRegionalManager]) {
      expect(
        (await as({ method: 'PUT', url: `/api/shipments/${two.id}`, payload })).statusCode,
      ).toBe(403)
    }
  })

  it('two corrections of two packages to one tracking number at once: one succeeds, the other is a 409', async () => {
    const event = await newEvent()
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const bac = dealer.dealers[0]?.bac ?? ''
    await approve(dealer.guid)
    await release(event.guid, 0)
    await shipped(event, dealer, bac, 'RACE-1')
    await shipped(event, dealer, bac, 'RACE-2')
    const ids = (
      (await shipmentsOf(dealer.guid)).events.find((each) => each.eventGuid === event.guid)
        ?.shipments ?? []
    ).map((each) => each.id)
    const payload = { carrier: 'USPS', trackingNumber: 'RACE-3', shippedOn: '2025-02-23' }
    const answers = await Promise.all(
      ids.map((id) => t.asAdmin({ method: 'PUT', url: `/api/shipments/${id}`, payload })),
    )
    expect(answers.map((each) => each.statusCode).sort()).toEqual([200, 409])
  })

  it('the office sets an LMA dealer’s ship-to address; the manifest ships to it', async () => {
    const event = await newEvent()
    const lma = await submittedEnrollment(t, lmaEnrollment(2, { name: 'Ship-To Dealers' }))
    const [first, second] = lma.dealers.map((dealer) => dealer.bac)
    await approve(lma.guid)
    const problems = async () =>
      (await t.asAdmin({ url: `/api/shipping/events/${event.guid}/manifest` })).json() as {
        rows: Array<{ bac: string; address: string; dealerName: string }>
        problems: Array<{ bac: string }>
      }
    expect((await problems()).problems.map((each) => each.bac)).toContain(second)
    expect((await shipmentsOf(lma.guid)).shipTo).toEqual([
      { bac: first, dealerName: expect.any(String), shipTo: null },
      { bac: second, dealerName: expect.any(String), shipTo: null },
    ])

    const set = await t.asAdmin({
      method: 'PUT',
      url: `/api/enrollments/${lma.guid}/ship-to/${second?.toLowerCase()}`,
      payload: { ...ADDRESS, address: '  12 Depot Street ' },
    })
    expect(set.statusCode, set.body).toBe(200)
    expect(set.json()).toEqual({ bac: second, ...ADDRESS, source: 'office' })
    const manifest = await problems()
    expect(manifest.problems.map((each) => each.bac)).not.toContain(second)
    expect(manifest.rows.find((row) => row.bac === second)).toMatchObject({
      address: '12 Depot Street',
      dealerName: 'Prairie Motors',
    })
    expect((await shipmentsOf(lma.guid)).shipTo[1]).toEqual({
      bac: second,
      dealerName: expect.any(String),
      shipTo: { bac: second, ...ADDRESS, source: 'office' },
    })
    expect(await auditActions('ship-to-changed')).toContainEqual({
      actor: 'ada.admin@contoso.example',
      filters: expect.objectContaining({ bac: second, reference: lma.reference }),
    })
  })

  it('refuses a BAC that is not the LMA’s dealer (400), a dealer enrollment (409), bad input (400), another region (404)', async () => {
    const lma = await submittedEnrollment(t, lmaEnrollment(1, { name: 'Refused Ship-To' }))
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    const put = (
      as: AdminTestApp['asAdmin'],
      guid: string,
      bac: string,
      payload: object = ADDRESS,
    ) => as({ method: 'PUT', url: `/api/enrollments/${guid}/ship-to/${bac}`, payload })

    const stranger = await put(t.asAdmin, lma.guid, '999999')
    expect(stranger.statusCode).toBe(400)
    expect(stranger.json().detail).toBe('999999 is not a dealer of this enrollment.')
    const own = await put(t.asAdmin, dealer.guid, dealer.dealers[0]?.bac ?? '')
    expect(own.statusCode).toBe(409)
    expect(own.json().detail).toBe(
      'A dealer enrollment ships to its own address: change the dealer’s address in the enrollment.',
    )
    const bac = lma.dealers[0]?.bac ?? ''
    expect((await put(t.asAdmin, lma.guid, 'a b')).statusCode).toBe(400)
    const noCity = await put(t.asAdmin, lma.guid, bac, { ...ADDRESS, city: ' ' })
    expect(noCity.statusCode).toBe(400)
    expect(Object.keys(noCity.json().errors ?? {})).toEqual(['city'])
    expect(
      (await put(t.asAdmin, lma.guid, bac, { ...ADDRESS, state: 'Illinois' })).statusCode,
    ).toBe(400)
    expect((await put(t.asAdmin, '7d0f64a5-5f8e-4a57-9d7c-000000000000', bac)).statusCode).toBe(404)
    // Without a region: not the regional manager's; read-only changes nothing.
    expect((await put(t.asRegionalManager, lma.guid, bac)).statusCode).toBe(404)
    expect((await put(t.asReadOnly, lma.guid, bac)).statusCode).toBe(403)
    expect((await shipmentsOf(lma.guid)).shipTo[0]?.shipTo).toBeNull()

    await t.database.db
      .updateTable('enrollments')
      .set({ region_id: await regionId(t, REGIONAL_MANAGER_REGION) })
      .where('guid', '=', lma.guid)
      .execute()
    const theirs = await put(t.asRegionalManager, lma.guid, bac)
    expect(theirs.statusCode, theirs.body).toBe(200)
  })
})
