import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { StatusPage } from '../../shared/enrollment/status-page-schema.js'
import { trackingUrl } from '../../shared/shipping/carriers.js'
import { type AppContext, createAppContext } from '../app-context.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { QUIET_HOURS } from './shipment-notice-repository.js'
import { sendShipmentNotices } from './shipment-notices.js'

/**
 * The dealer sees it (docs/product.md#status-page, docs/product.md#shipment-mail): the status
 * page lists each sales event of the year with each dealer's shipments or 'Not shipped yet', and
 * one mail per enrollment and event tells the dealer (or the LMA, listing its dealers) that its
 * kits shipped: once every dealer of it on the latest release shipped, or once the ship-by date
 * passed with one shipment; never twice, never for demo data, with no address. Shipments are
 * written here as the vendor's upload stores them.
 */

/** Before every test event's ship-by date, and after it. */
const BEFORE_SHIP_BY = '2025-01-10'
const AFTER_SHIP_BY = '2025-12-31'

interface TestEvent {
  guid: string
  name: string
  id: string
}

describe.each(testDatabaseKinds())('shipments and their mail on %s', (kind) => {
  let t: AdminTestApp
  let context: AppContext
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
    context = createAppContext(t.database.db, t.config, t.app.mail)
    // The scheduler's first look has passed: from here on only this test sends the mails.
    await vi.waitFor(() => expect(t.app.scheduler.looksAt('shipment-notices')).toBeGreaterThan(0), {
      timeout: 15_000,
    })
  })
  afterAll(() => t.close())

  let events = 0
  async function newEvent(name: string, shipBy = '2025-03-01'): Promise<TestEvent> {
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: {
        name: `${name} ${++events}`,
        shipBy,
        inStoreFrom: '2025-03-15',
        inStoreTo: '2025-04-15',
      },
    })
    expect(response.statusCode, response.body).toBe(201)
    const { guid, name: named } = response.json() as { guid: string; name: string }
    const row = await t.database.db
      .selectFrom('sales_events')
      .select('id')
      .where('guid', '=', guid)
      .executeTakeFirstOrThrow()
    return { guid, name: named, id: String(row.id) }
  }
  async function approve(guid: string) {
    const response = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/approve` })
    expect(response.statusCode, response.body).toBe(200)
  }
  async function release(event: TestEvent) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events/${event.guid}/releases`,
      payload: { after: 0 },
    })
    expect(response.statusCode, response.body).toBe(201)
  }
  /** A package of the dealer on the event, as the tracking upload stores it. */
  async function ship(
    event: TestEvent,
    enrollment: WireEnrollment,
    bac: string,
    shipment: { carrier: string; trackingNumber: string; shippedOn: string },
  ) {
    await t.database.db
      .insertInto('shipments')
      .values({
        event_id: event.id,
        bac,
        bac_key: bacKey(bac),
        tracking_number: shipment.trackingNumber,
        carrier: shipment.carrier,
        shipped_on: shipment.shippedOn,
        enrollment_guid: enrollment.guid,
        recorded_by: 'vendor@example.com',
      })
      .execute()
  }
  /** The LMA's dealers in the dealer directory, so that its rows ship. */
  async function inDirectory(enrollment: WireEnrollment) {
    await t.database.db
      .insertInto('dealer_directory')
      .values(
        enrollment.dealers.map((dealer) => ({
          bac: dealer.bac,
          name: dealer.name,
          address: '7 Directory Road',
          city: 'Peoria',
          state: 'IL',
          postal: '61602',
          country: 'USA',
        })),
      )
      .execute()
  }
  async function statusPage(enrollment: WireEnrollment): Promise<StatusPage> {
    const link = await context.statusLinks.mint(
      t.database.db,
      enrollment.guid,
      'reader@example.com',
      'submission-receipt',
    )
    const response = await t.app.inject({ url: `/api/status/${link?.token}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as StatusPage
  }
  async function shipmentMails(guid: string) {
    return t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'text', 'html'])
      .where('kind', '=', 'shipment-notice')
      .where('enrollment_guid', '=', guid)
      .orderBy('id')
      .execute()
  }

  it('the status page lists each event: its shipments, or not shipped yet; an LMA’s per dealer', async () => {
    const spring = await newEvent('Spring Page Event')
    const summer = await newEvent('Summer Page Event', '2025-03-05')
    const dealer = await submittedEnrollment(t, dealerEnrollment({ name: 'Page Motors' }))
    const lma = await submittedEnrollment(t, lmaEnrollment(2, { name: 'Page Dealers' }))
    const waiting = await submittedEnrollment(t, dealerEnrollment({ name: 'Waiting Motors' }))
    await inDirectory(lma)
    await approve(dealer.guid)
    await approve(lma.guid)
    await release(spring)
    const bac = dealer.dealers[0]?.bac ?? ''
    await ship(spring, dealer, bac, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
      shippedOn: '2025-02-20',
    })
    await ship(spring, dealer, bac, {
      carrier: 'Acme Freight',
      trackingNumber: 'AF-1001',
      shippedOn: '2025-02-21',
    })
    const [first, second] = lma.dealers.map((each) => each.bac)
    await ship(spring, lma, first ?? '', {
      carrier: 'FedEx',
      trackingNumber: '7489 1234',
      shippedOn: '2025-02-22',
    })

    const page = await statusPage(dealer)
    const springOf = page.salesEvents.find((event) => event.name === spring.name)
    expect(springOf).toEqual({
      name: spring.name,
      shipBy: '2025-03-01',
      inStoreFrom: '2025-03-15',
      inStoreTo: '2025-04-15',
      dealers: [
        {
          bac,
          name: 'Page Motors',
          shipments: [
            { carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedOn: '2025-02-20' },
            { carrier: 'Acme Freight', trackingNumber: 'AF-1001', shippedOn: '2025-02-21' },
          ],
        },
      ],
    })
    // The page links UPS's tracking number to its page, and an unknown carrier's to none.
    const [ups, acme] = springOf?.dealers[0]?.shipments ?? []
    expect(ups && trackingUrl(ups.carrier, ups.trackingNumber)).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    )
    expect(acme && trackingUrl(acme.carrier, acme.trackingNumber)).toBeNull()
    expect(page.salesEvents.find((event) => event.name === summer.name)?.dealers).toEqual([
      { bac, name: 'Page Motors', shipments: [] },
    ])
    // In ship-by order; no address, no id.
    const names = page.salesEvents.map((event) => event.name)
    expect(names.indexOf(spring.name)).toBeLessThan(names.indexOf(summer.name))
    const text = JSON.stringify(page.salesEvents)
    expect(text).not.toContain('Main Street')
    expect(text).not.toContain(spring.guid)
    expect(text).not.toContain(dealer.guid)

    const lmaPage = await statusPage(lma)
    expect(lmaPage.salesEvents.find((event) => event.name === spring.name)?.dealers).toEqual([
      {
        bac: first,
        name: lma.dealers[0]?.name,
        shipments: [{ carrier: 'FedEx', trackingNumber: '7489 1234', shippedOn: '2025-02-22' }],
      },
      { bac: second, name: lma.dealers[1]?.name, shipments: [] },
    ])
    expect(JSON.stringify(lmaPage.salesEvents)).not.toContain('Directory Road')

    // Not approved: nothing ships yet, and no event is listed.
    expect((await statusPage(waiting)).salesEvents).toEqual([])
  })

  it('one mail per enrollment and event once its kits shipped, an LMA’s listing its dealers; never twice, never for demo data, no address', async () => {
    const event = await newEvent('Mail Event')
    const dealer = await submittedEnrollment(
      t,
      dealerEnrollment({ name: 'Mail Motors', authEmailAddress: 'dana@mail-motors.example' }),
    )
    const lma = await submittedEnrollment(
      t,
      lmaEnrollment(3, {
        name: 'Mail Dealers Association',
        emailAddress: 'office@mail-dealers.example',
        authEmailAddress: 'robin@mail-dealers.example',
      }),
    )
    const demo = await submittedEnrollment(t, dealerEnrollment({ name: 'Demo Motors' }))
    await inDirectory(lma)
    for (const each of [dealer, lma, demo]) await approve(each.guid)
    await t.database.db
      .updateTable('enrollments')
      .set({ demo: true })
      .where('guid', '=', demo.guid)
      .execute()
    await release(event)
    // What earlier tests shipped is mailed first: the counts below are this test's own.
    await sendShipmentNotices(context, () => true, '2099-12-31')
    const dealerBac = dealer.dealers[0]?.bac ?? ''
    await ship(event, dealer, dealerBac, {
      carrier: 'UPS',
      trackingNumber: '1ZMAIL0001',
      shippedOn: '2025-02-20',
    })
    await ship(event, demo, demo.dealers[0]?.bac ?? '', {
      carrier: 'UPS',
      trackingNumber: '1ZDEMO0001',
      shippedOn: '2025-02-20',
    })
    const [first, second, third] = lma.dealers.map((each) => each.bac ?? '')
    await ship(event, lma, first ?? '', {
      carrier: 'USPS',
      trackingNumber: '9400 1000',
      shippedOn: '2025-02-21',
    })
    await ship(event, lma, second ?? '', {
      carrier: 'FedEx',
      trackingNumber: '7700 2000',
      shippedOn: '2025-02-22',
    })

    // Before the ship-by date: the dealer shipped whole, the LMA's third dealer not yet.
    expect(await sendShipmentNotices(context, () => true, BEFORE_SHIP_BY)).toBe(1)
    const [mail, ...more] = await shipmentMails(dealer.guid)
    expect(more).toEqual([])
    expect(mail?.recipient).toBe('dana@mail-motors.example')
    expect(mail?.subject).toContain(event.name)
    expect(mail?.subject).toContain(dealer.reference)
    expect(mail?.text).toContain(`Reference: ${dealer.reference}`)
    expect(mail?.text).toContain(`Sales event: ${event.name}`)
    expect(mail?.text).toContain('Shipped on Feb 20, 2025 by UPS, tracking 1ZMAIL0001')
    expect(mail?.html).toContain('1ZMAIL0001')
    for (const part of [mail?.text, mail?.html]) {
      expect(part).not.toContain('Main Street')
      expect(part).not.toContain(dealer.dealers[0]?.city ?? 'no city')
      expect(part).not.toContain(dealer.guid)
    }
    expect(await shipmentMails(lma.guid)).toEqual([])

    // Never a second: again, and after another package.
    expect(await sendShipmentNotices(context, () => true, BEFORE_SHIP_BY)).toBe(0)
    await ship(event, dealer, dealerBac, {
      carrier: 'UPS',
      trackingNumber: '1ZMAIL0002',
      shippedOn: '2025-02-25',
    })
    expect(await sendShipmentNotices(context, () => true, BEFORE_SHIP_BY)).toBe(0)
    expect(await shipmentMails(dealer.guid)).toHaveLength(1)

    // The ship-by date passed with two of the LMA's three dealers shipped: no mail while the
    // vendor may still be uploading the rest (a package recorded within QUIET_HOURS)...
    expect(await sendShipmentNotices(context, () => true, AFTER_SHIP_BY)).toBe(0)
    // ...then one mail, to the LMA, with what shipped.
    await t.database.db
      .updateTable('shipments')
      .set({ recorded_at: sql<Date>`now() - make_interval(hours => ${QUIET_HOURS + 1})` })
      .where('enrollment_guid', '=', lma.guid)
      .execute()
    expect(await sendShipmentNotices(context, () => true, AFTER_SHIP_BY)).toBe(1)
    const [lmaMail, ...moreLma] = await shipmentMails(lma.guid)
    expect(moreLma).toEqual([])
    expect(lmaMail?.recipient).toBe('office@mail-dealers.example')
    expect(lmaMail?.text).toContain(`${first} ${lma.dealers[0]?.name}`)
    expect(lmaMail?.text).toContain('Shipped on Feb 21, 2025 by USPS, tracking 9400 1000')
    expect(lmaMail?.text).toContain(`${second} ${lma.dealers[1]?.name}`)
    expect(lmaMail?.text).toContain('Shipped on Feb 22, 2025 by FedEx, tracking 7700 2000')
    expect(lmaMail?.text).not.toContain(String(third))
    expect(lmaMail?.text).not.toContain('Directory Road')
    await ship(event, lma, third ?? '', {
      carrier: 'UPS',
      trackingNumber: '1ZLATE',
      shippedOn: '2025-03-02',
    })
    expect(await sendShipmentNotices(context, () => true, AFTER_SHIP_BY)).toBe(0)
    expect(await shipmentMails(lma.guid)).toHaveLength(1)

    // Demo data: never mailed, whatever the date.
    expect(await shipmentMails(demo.guid)).toEqual([])
    const notices = await t.database.db
      .selectFrom('shipment_notices')
      .select('enrollment_guid')
      .where('event_id', '=', event.id)
      .execute()
    expect(notices.map((row) => row.enrollment_guid).sort()).toEqual([dealer.guid, lma.guid].sort())
  })

  it('the scheduler’s job sends them', async () => {
    const event = await newEvent('Job Event', '2025-03-10')
    const dealer = await submittedEnrollment(t, dealerEnrollment({ name: 'Job Motors' }))
    await approve(dealer.guid)
    await release(event)
    await ship(event, dealer, dealer.dealers[0]?.bac ?? '', {
      carrier: 'UPS',
      trackingNumber: '1ZJOB0001',
      shippedOn: '2025-03-01',
    })
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ due_at: sql<Date>`now()` })
      .where('name', '=', 'shipment-notices')
      .execute()
    expect(await t.app.scheduler.runDue()).toContain('shipment-notices')
    expect(await shipmentMails(dealer.guid)).toHaveLength(1)
  })
})

describe.runIf(testDatabaseKinds().includes('postgres'))(
  'shipment mails on two connections',
  () => {
    let t: AdminTestApp
    let other: DatabaseHandle
    let context: AppContext
    let otherContext: AppContext
    beforeAll(async () => {
      t = await createAdminTestApp('postgres', {}, { mail: { worker: false } })
      other = await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
      context = createAppContext(t.database.db, t.config, t.app.mail)
      otherContext = createAppContext(other.db, t.config, { kick: () => {} })
      await vi.waitFor(
        () => expect(t.app.scheduler.looksAt('shipment-notices')).toBeGreaterThan(0),
        {
          timeout: 15_000,
        },
      )
    })
    afterAll(async () => {
      await other?.close()
      await t?.close()
    })

    it('two instances at once queue each mail once', async () => {
      const created = await t.asAdmin({
        method: 'POST',
        url: '/api/shipping/events?brand=chevy&year=2025',
        payload: {
          name: 'Race Event',
          shipBy: '2025-03-01',
          inStoreFrom: '2025-03-15',
          inStoreTo: '2025-04-15',
        },
      })
      expect(created.statusCode, created.body).toBe(201)
      const event = await t.database.db
        .selectFrom('sales_events')
        .select('id')
        .where('guid', '=', (created.json() as { guid: string }).guid)
        .executeTakeFirstOrThrow()
      const guids: string[] = []
      for (let n = 0; n < 6; n++) {
        const stored = await submittedEnrollment(t, dealerEnrollment({ name: `Race Motors ${n}` }))
        const bac = stored.dealers[0]?.bac ?? ''
        await t.database.db
          .insertInto('shipments')
          .values({
            event_id: String(event.id),
            bac,
            bac_key: bacKey(bac),
            tracking_number: `1ZRACE${n}`,
            carrier: 'UPS',
            shipped_on: '2025-02-20',
            enrollment_guid: stored.guid,
            recorded_by: 'vendor@example.com',
            // Past the quiet hours: each mail is due.
            recorded_at: sql<Date>`now() - make_interval(hours => ${QUIET_HOURS + 1})`,
          })
          .execute()
        guids.push(stored.guid)
      }
      const [one, two] = await Promise.all([
        sendShipmentNotices(context, () => true, AFTER_SHIP_BY),
        sendShipmentNotices(otherContext, () => true, AFTER_SHIP_BY),
      ])
      expect((one ?? 0) + (two ?? 0)).toBe(6)
      const mails = await t.database.db
        .selectFrom('outbox')
        .select('enrollment_guid')
        .where('kind', '=', 'shipment-notice')
        .where('enrollment_guid', 'in', guids)
        .execute()
      expect(mails.map((mail) => mail.enrollment_guid).sort()).toEqual([...guids].sort())
    })
  },
)
