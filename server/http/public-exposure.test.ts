import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe.each(testDatabaseKinds())('what the public can reach on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  const submit = async (body: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    return loadByReceipt(t, response.json())
  }

  it('the public submit answers a receipt to quote, never the guid that opens the enrollment', async () => {
    for (const body of [dealerEnrollment(), lmaEnrollment(2)]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: body,
      })
      expect(response.statusCode).toBe(201)
      const receipt = response.json()
      expect(Object.keys(receipt).sort()).toEqual(['brand', 'reference', 'status', 'type', 'year'])
      expect(receipt.reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
      const stored = await loadByReceipt(t, receipt)
      expect(response.body).not.toContain(stored.guid)
      expect(response.body).not.toContain(stored.guid.replaceAll('-', ''))
    }
  })

  it('an enrollment is known by a random v4 guid only, never by its row number', async () => {
    const guids: string[] = []
    for (let index = 0; index < 20; index++) {
      const stored = await submit(dealerEnrollment())
      expect(stored.guid).toMatch(V4)
      expect(Reflect.get(stored, 'id')).toBeUndefined()
      guids.push(stored.guid)
    }
    expect(new Set(guids).size).toBe(20)
    // 122 random bits: consecutive submissions share no telling prefix.
    const prefixes = new Set(guids.map((guid) => guid.slice(0, 4)))
    expect(prefixes.size).toBeGreaterThan(15)
    const loaded = await t.app.inject(`/api/enrollments/${guids[0]}`)
    expect(loaded.json().id).toBeUndefined()
    expect(loaded.headers['cache-control']).toBe('no-store')
  })

  it.each(['/api/enrollments', '/api/enrollments?year=2025', '/api/enrollments?search=a'])(
    'GET %s without a token is a 401: no public call lists enrollments',
    async (url) => {
      const response = await t.app.inject(url)
      expect(response.statusCode).toBe(401)
      expect(response.body).not.toContain('guid')
    },
  )

  it('the type-ahead never suggests this year’s enrollments, only earlier years’', async () => {
    const current = await submit(lmaEnrollment(1, { name: 'Current Year Secret Dealers' }))
    const response = await t.app.inject('/api/enrollments/autocomplete/lma-name?value=Secret')
    expect(response.json()).toEqual([])
    expect(JSON.stringify(response.json())).not.toContain(current.guid)
  })

  it('the type-ahead answers at most 10 suggestions, and none below 3 characters', async () => {
    await t.database.db
      .insertInto('dealer_directory')
      .values(
        Array.from({ length: 15 }, (_, index) => ({
          bac: `5550${String(index).padStart(2, '0')}`,
          name: `Directory Dealer ${index}`,
          address: '1 Main Street',
          city: 'Springfield',
          state: 'IL',
          postal: '62701',
          country: 'USA',
        })),
      )
      .execute()
    for (let index = 0; index < 12; index++) {
      await submit(lmaEnrollment(1, { name: `Prairie Partners ${index}` }))
    }
    await sql`update enrollments set year = 2024 where lma_name_key like 'prairie partners%'`.execute(
      t.database.db,
    )
    await sql`update enrollment_dealers set year = 2024 where enrollment_id in (select id from enrollments where year = 2024)`.execute(
      t.database.db,
    )
    const lookup = async (path: string, value: string) =>
      (
        await t.app.inject(
          `/api/enrollments/autocomplete/${path}?value=${encodeURIComponent(value)}`,
        )
      ).json()
    expect(await lookup('bac', '555')).toHaveLength(10)
    expect(await lookup('lma-name', 'Prairie')).toHaveLength(10)
    for (const short of ['55', ' 55 ', 'Pr', '  Pr  ', '']) {
      expect(await lookup('bac', short)).toEqual([])
      expect(await lookup('lma-name', short)).toEqual([])
    }
  })

  it.each([
    '/api/enrollments/autocomplete/bac?value=100',
    '/api/enrollments/autocomplete/lma-name?value=Gre',
  ])('%s holds contact details: no cache may keep it', async (url) => {
    const response = await t.app.inject(url)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
  })
})
