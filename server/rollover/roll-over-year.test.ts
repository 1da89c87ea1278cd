import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { rollOverYear } from './roll-over-year.js'

describe.each(testDatabaseKinds())('year rollover on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, { ENROLLMENT_YEAR: '2025' })
  })
  afterAll(() => t.close())

  async function enroll(body: object, status: 'Approved' | 'Declined' | 'Approving') {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    const { guid } = await loadByReceipt(t, response.json())
    await t.database.db
      .updateTable('enrollments')
      .set({ status })
      .where('guid', '=', guid)
      .execute()
    return guid as string
  }

  it('copies the approved enrollments into the next year as Approving, once', async () => {
    const dealer = dealerEnrollment()
    await enroll(dealer, 'Approved')
    await enroll(dealerEnrollment(), 'Declined')
    await enroll(dealerEnrollment(), 'Approving')
    const lma = lmaEnrollment(3, { name: 'Rollover Dealers Association' })
    await enroll(lma, 'Approved')

    const first = await rollOverYear(repositoriesOf(t.database.db), 2026, 'test')
    expect(first).toEqual({ from: 2025, to: 2026, created: 2, skipped: 0 })
    const copies = await t.database.db
      .selectFrom('enrollments')
      .select(['type', 'status', 'brand', 'lma_name_key'])
      .where('year', '=', 2026)
      .orderBy('type')
      .execute()
    expect(copies).toEqual([
      { type: 'Dealer', status: 'Approving', brand: 'chevy', lma_name_key: null },
      {
        type: 'Lma',
        status: 'Approving',
        brand: 'chevy',
        lma_name_key: 'rollover dealers association',
      },
    ])
    const rows = await t.database.db
      .selectFrom('enrollment_dealers')
      .select('bac')
      .where('year', '=', 2026)
      .execute()
    expect(rows.map((row) => row.bac).sort()).toEqual(
      [dealer.dealers[0]?.bac, ...lma.dealers.map((d) => d.bac)].sort(),
    )

    const second = await rollOverYear(repositoriesOf(t.database.db), 2026, 'test')
    expect(second).toEqual({ from: 2025, to: 2026, created: 0, skipped: 2 })
  })

  it('an administrator runs it through the API; it needs a token', async () => {
    const unauthenticated = await t.app.inject({
      method: 'POST',
      url: '/api/rollover',
      payload: { to: 2027 },
    })
    expect(unauthenticated.statusCode).toBe(401)
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/rollover',
      payload: { to: 2027 },
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ from: 2026, to: 2027, created: 0, skipped: 0 })
    const bad = await t.asAdmin({ method: 'POST', url: '/api/rollover', payload: { to: 'next' } })
    expect(bad.statusCode).toBe(400)
  })

  it('the token is checked before the body: without one, any body is a 401', async () => {
    for (const payload of [{ to: 'next' }, 'not json', { to: 2027, extra: true }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/rollover', payload })
      expect(response.statusCode).toBe(401)
    }
  })
})
