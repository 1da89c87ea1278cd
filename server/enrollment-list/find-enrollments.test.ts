import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment, EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const REFERENCES: Record<string, string> = {
  riverside: 'C81C-6061-6136',
  declined: 'C81C-9999-0000',
  lakeshore: 'D00D-7E57-0001',
  old: 'A1B2-C3D4-E5F6',
}

describe.each(testDatabaseKinds())('GET /api/enrollments on %s', (kind) => {
  let t: AdminTestApp
  const guids: Record<string, string> = {}

  async function submit(label: string, body: Enrollment) {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    guids[label] = (await loadByReceipt(t, response.json())).guid
  }
  const list = async (query = '') => {
    const response = await t.asAdmin({ url: `/api/enrollments${query}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['cache-control']).toBe('no-store')
    return response.json() as EnrollmentListItem[]
  }
  const labels = (items: EnrollmentListItem[]) =>
    items.map((item) => Object.keys(guids).find((label) => guids[label] === item.guid))

  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    await submit(
      'riverside',
      dealerEnrollment({
        bac: '114477',
        name: 'Riverside Chevrolet',
        postal: '62701',
        authEmailAddress: 'owner@riverside-chevy.example',
      }),
    )
    await submit(
      'lakeshore',
      lmaEnrollment(
        2,
        {
          name: 'Lakeshore Dealers 100%',
          emailAddress: 'billing@lakeshore.example',
          postal: '49503',
        },
        {},
      ),
    )
    await submit(
      'declined',
      dealerEnrollment({
        bac: '228899',
        name: 'Hilltop Motors',
        postal: '30301',
        billing: 'None',
        kitSize: 'None',
        hispanic: 'None',
      }),
    )
    await submit('old', dealerEnrollment({ bac: '335566', name: 'Old Town Chevy' }))
    const { db } = t.database
    const old = db
      .selectFrom('enrollments')
      .select('id')
      .where('guid', '=', guids.old ?? '')
    await db.updateTable('enrollments').set({ year: 2024 }).where('id', 'in', old).execute()
    await db
      .updateTable('enrollment_dealers')
      .set({ year: 2024 })
      .where('enrollment_id', 'in', old)
      .execute()
    // Known references (they are random otherwise), two of them sharing their first four digits.
    for (const [label, reference] of Object.entries(REFERENCES)) {
      await db
        .updateTable('enrollments')
        .set({ reference })
        .where('guid', '=', guids[label] ?? '')
        .execute()
    }
  })
  afterAll(() => t.close())

  it('answers list records, the newest change first', async () => {
    const items = await list()
    expect(labels(items)).toEqual(['old', 'declined', 'lakeshore', 'riverside'])
    const riverside = items.find((item) => item.guid === guids.riverside)
    expect(riverside).toEqual({
      guid: guids.riverside,
      year: 2025,
      brand: 'chevy',
      type: 'Dealer',
      status: 'Approving',
      bac: '114477',
      name: 'Riverside Chevrolet',
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      modified: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      erased: false,
      kits: 1,
      dealers: 1,
      // A large English kit, not yet invoiced: what it costs.
      amount: 400,
    })
    const lakeshore = items.find((item) => item.guid === guids.lakeshore)
    expect(lakeshore).toMatchObject({
      type: 'Lma',
      status: 'Authorizing',
      bac: '',
      name: 'Lakeshore Dealers 100%',
    })
  })

  it('writes created and modified as UTC ISO instants, to the millisecond, like the detail', async () => {
    const { db } = t.database
    await db
      .updateTable('enrollments')
      .set({
        created_at: sql`'2025-03-04 05:06:07.891734+02'::timestamptz`,
        modified_at: sql`'2025-12-31 23:59:59.999999-05'::timestamptz`,
      })
      .where('guid', '=', guids.riverside ?? '')
      .execute()
    const riverside = (await list()).find((item) => item.guid === guids.riverside)
    expect(riverside).toMatchObject({
      created: '2025-03-04T03:06:07.891Z',
      modified: '2026-01-01T04:59:59.999Z',
    })
    const detail = await t.asAdmin({ url: `/api/enrollments/${guids.riverside}` })
    expect(detail.json()).toMatchObject({
      created: riverside?.created,
      modified: riverside?.modified,
    })
  })

  it('filters by year, status and type; an empty value is Any', async () => {
    expect(labels(await list('?year=2024'))).toEqual(['old'])
    expect(labels(await list('?status=Declined'))).toEqual(['declined'])
    expect(labels(await list('?type=Lma'))).toEqual(['lakeshore'])
    expect(labels(await list('?year=2025&type=Dealer&status=Approving'))).toEqual(['riverside'])
    expect(await list('?year=2023')).toEqual([])
    expect(await list('?year=&status=&type=&search=')).toHaveLength(4)
  })

  it.each([
    ['a dealer BAC, in part', '1447', ['riverside']],
    ['a BAC in an LMA dealer list', 'lakeshore-bac', ['lakeshore']],
    ['a dealer name in any case', 'RIVERSIDE chev', ['riverside']],
    ['an LMA member dealer name', 'member dealer 2', ['lakeshore']],
    ['an LMA name', 'lakeshore dealers', ['lakeshore']],
    ['the LMA contact email', 'billing@lakeshore', ['lakeshore']],
    ['the dealer authorization email', 'OWNER@riverside-chevy', ['riverside']],
    ['a dealer zip code', '30301', ['declined']],
    ['the LMA zip code', '49503', ['lakeshore']],
    ['a percent sign, literally', '100%', ['lakeshore']],
    ['surrounding spaces', '  Hilltop  ', ['declined']],
    ['nothing known', 'zzz-nothing', []],
  ])('searches by %s', async (_label, search, expected) => {
    const value = search === 'lakeshore-bac' ? await lakeshoreBac() : search
    expect(labels(await list(`?search=${encodeURIComponent(value)}`))).toEqual(expected)
  })

  it.each([
    ['c81c', ['declined', 'riverside']],
    ['C81C-60', ['riverside']],
    ['c81c6061', ['riverside']],
    ['C81C-6061-6136', ['riverside']],
    ['c81c60616136', ['riverside']],
    ['  c81c-6061-6136 ', ['riverside']],
    ['d00d-7', ['lakeshore']],
    ['C81', []],
    ['6061-6136', []],
    ['C81C-6061-6136-7', []],
  ])('finds an enrollment by the start of its reference: %j', async (search, expected) => {
    expect(labels(await list(`?search=${encodeURIComponent(search)}`))).toEqual(expected)
  })

  it('answers an enrollment with its reference, to an administrator and to the link’s holder', async () => {
    const byAdmin = await t.asAdmin({ url: `/api/enrollments/${guids.lakeshore}` })
    expect(byAdmin.json()).toMatchObject({ guid: guids.lakeshore, reference: 'D00D-7E57-0001' })
    const byLink = await t.app.inject(`/api/enrollments/${guids.lakeshore}`)
    expect(byLink.json()).toMatchObject({ guid: guids.lakeshore, reference: 'D00D-7E57-0001' })
  })

  async function lakeshoreBac(): Promise<string> {
    const enrollment = (await t.app.inject(`/api/enrollments/${guids.lakeshore}`)).json()
    return enrollment.dealers[1].bac
  }

  it.each([
    ['year=abc', 'year'],
    ['year=2025.5', 'year'],
    ['status=Pending', 'status'],
    ['status=Deleted', 'status'],
    ['type=Agency', 'type'],
    ['brand=-chevy', 'brand'],
    [`brand=${'b'.repeat(21)}`, 'brand'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses the bad filter %s with a 400 naming the field', async (query, field) => {
    const response = await t.asAdmin({ url: `/api/enrollments?${query}` })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual([field])
  })

  it('counts the kits each enrollment orders, add-on kits included, none for billing None', async () => {
    const items = await list()
    const kits = Object.fromEntries(items.map((item) => [labels([item])[0], item.kits]))
    // Riverside: one Large kit, no Hispanic kits. Lakeshore: two rows, each an English kit and
    // a Hispanic add-on. Hilltop declined (billing None): nothing.
    expect(kits).toEqual({ riverside: 1, lakeshore: 4, declined: 0, old: 1 })
  })

  it('filters by brand, in any case; an unknown brand has no rows', async () => {
    await submit('gm', dealerEnrollment({ bac: '446688', name: 'Summit GM' }, { brand: 'gm' }))
    expect(labels(await list('?brand=gm'))).toEqual(['gm'])
    expect(labels(await list('?brand=GM&year=2025'))).toEqual(['gm'])
    expect(labels(await list('?brand=chevy&year=2025'))).toEqual([
      'declined',
      'lakeshore',
      'riverside',
    ])
    expect(await list('?brand=nothere')).toEqual([])
  })
})
