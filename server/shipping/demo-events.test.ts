import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesEventBody } from '../../shared/shipping/shipping-schema.js'
import { generateDemoData } from '../demo-data/generate-demo-data.js'
import { seedDemoData } from '../demo-data/seed-demo-data.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const BRANDS = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]
const OPTIONS = {
  year: 2025,
  brands: BRANDS,
  dealers: 300,
  dealerEnrollments: 10,
  lmaEnrollments: 2,
  now: new Date('2025-01-15T12:00:00Z'),
}
const NAMES = [
  'Spring Sales Event',
  'Truck Month',
  'Summer Clearance',
  'Fall Service',
  'Holiday Sales Event',
]

interface Event {
  guid: string
  code: string
  name: string
  shipBy: string
  inStoreFrom: string
  inStoreTo: string
  releases: number
}

/** The demo data's sales events (docs/product.md#sales-events): five a brand in each year it seeds. */
describe.each(testDatabaseKinds())('the demo data’s sales events on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
    const seeded = await seedDemoData(repositoriesOf(t.database.db), OPTIONS)
    expect(seeded).toMatchObject({ seeded: true, events: 20 })
  }, 60_000)
  afterAll(() => t.close())

  const eventsOf = async (brand: string, year: number) => {
    const response = await t.asAdmin({ url: `/api/shipping/events?brand=${brand}&year=${year}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Event[]
  }

  it('has five events of each brand in last year and this year, dated within the year, as the office could enter them', async () => {
    for (const year of [2024, 2025]) {
      for (const brand of BRANDS) {
        const events = await eventsOf(brand.key, year)
        expect(events.map((event) => event.name)).toEqual(NAMES)
        expect(events.map((event) => event.code)).toEqual(
          [1, 2, 3, 4, 5].map((number) => `${brand.key.toUpperCase()}-${year}-${number}`),
        )
        for (const event of events) {
          expect(event.releases).toBe(0)
          for (const date of [event.shipBy, event.inStoreFrom, event.inStoreTo]) {
            expect(date.slice(0, 4)).toBe(String(year))
          }
          // What the office's form would accept.
          const { name, shipBy, inStoreFrom, inStoreTo } = event
          expect(salesEventBody.safeParse({ name, shipBy, inStoreFrom, inStoreTo }).success).toBe(
            true,
          )
        }
      }
    }
    expect(await eventsOf('chevy', 2026)).toEqual([])
  })

  it('gives the same events, guids included, for the same seed', async () => {
    const expected = generateDemoData(OPTIONS, []).events
    const stored = [
      ...(await eventsOf('chevy', 2024)),
      ...(await eventsOf('gm', 2024)),
      ...(await eventsOf('chevy', 2025)),
      ...(await eventsOf('gm', 2025)),
    ]
    expect(stored.map((event) => event.guid)).toEqual(expected.map((event) => event.guid))
    expect(generateDemoData({ ...OPTIONS, seed: 7 }, []).events[0]?.guid).not.toBe(
      expected[0]?.guid,
    )
  })

  it('an administrator can rename, re-date or remove a demo event like any other', async () => {
    const [event] = await eventsOf('gm', 2025)
    if (!event) throw new Error('a demo event expected')
    const removed = await t.asAdmin({ method: 'DELETE', url: `/api/shipping/events/${event.guid}` })
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await eventsOf('gm', 2025)).map((each) => each.name)).toEqual(NAMES.slice(1))
  })
})
