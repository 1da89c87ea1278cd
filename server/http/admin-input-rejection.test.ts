import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { databaseSnapshot } from '../test-support/fuzz/db-snapshot.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

function expectProblem(response: LightMyRequestResponse, status: number, field?: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = response.json()
  expect(body).toMatchObject({ type: 'about:blank', title: expect.any(String), status })
  if (field) expect(Object.keys(body.errors ?? {})).toContain(field)
  return body
}

describe.each(testDatabaseKinds())('the admin API refuses bad input on %s', (kind) => {
  let t: AdminTestApp
  let lma: Enrollment & { guid: string; version: number }
  let before: Record<string, string>
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: lmaEnrollment(2, { name: 'Untouched Dealers' }),
    })
    lma = await loadByReceipt(t, response.json())
    before = await databaseSnapshot(t.database.db)
  })
  afterAll(() => t.close())

  const json = (url: string, payload: unknown, extra: Partial<InjectOptions> = {}) =>
    t.asAdmin({ method: 'POST', url, payload: payload as object, ...extra })

  it.each([
    ['year=0x7e9', 'year'],
    ['year=2025.0', 'year'],
    ['year=1e3', 'year'],
    ['year=20255', 'year'],
    ['year=2025&year=2024', 'year'],
    ['status=Bogus', 'status'],
    ['type=Fleet', 'type'],
    [`search=${'s'.repeat(101)}`, 'search'],
    ['search=a%00b', 'search'],
    ['search=a&search=b', 'search'],
  ])('the list query %s is a 400 naming the field', async (query, field) => {
    expectProblem(await t.asAdmin({ url: `/api/enrollments?${query}` }), 400, field)
  })

  it('an update with a bad guid, bad types, no version or too many rows is a 400', async () => {
    const url = `/api/enrollments/${lma.guid}/update`
    const valid = { ...lma, regionId: 1 }
    expectProblem(await json('/api/enrollments/nope/update', valid), 400, 'guid')
    expectProblem(await json(url, { ...valid, year: '2025' }), 400, 'year')
    expectProblem(await json(url, { ...valid, version: undefined }), 400, 'version')
    expectProblem(await json(url, { ...valid, version: '1' }), 400, 'version')
    expectProblem(
      await json(url, { ...valid, dealers: lmaEnrollment(301).dealers }),
      400,
      'dealers',
    )
    expectProblem(await json(url, { ...valid, lma: 'Untouched Dealers' }), 400, 'lma')
    expectProblem(
      await json(url, { ...dealerEnrollment(), version: lma.version, regionId: 1 }),
      400,
      'type',
    )
    const huge = { ...valid, lma: { ...valid.lma, name: 'x'.repeat(300_000) } }
    expectProblem(await json(url, huge), 413)
  })

  it.each(['approve', 're-authorize', 'decline', 'delete'])(
    'POST .../%s takes no fields: anything but nothing or {} is a 400',
    async (action) => {
      const url = `/api/enrollments/${lma.guid}/${action}`
      expectProblem(await json(url, { status: 'Approved' }), 400)
      expectProblem(await json(url, [lma.guid]), 400)
      const text = { headers: { 'content-type': 'text/plain' } }
      expectProblem(await t.asAdmin({ method: 'POST', url, payload: 'approve', ...text }), 400)
      expectProblem(await json(`/api/enrollments/${'x'.repeat(36)}/${action}`, {}), 400, 'guid')
      const huge = JSON.stringify({ note: 'x'.repeat(300_000) })
      const big = { headers: { 'content-type': 'application/json' } }
      expectProblem(await t.asAdmin({ method: 'POST', url, payload: huge, ...big }), 413)
    },
  )

  it.each([
    ['the year as text', { to: '2026' }, 'to'],
    ['a fractional year', { to: 2026.5 }, 'to'],
    ['a year out of range', { to: 1999 }, 'to'],
    ['no year', {}, 'to'],
    ['an unknown field', { to: 2026, from: 2020 }, 'request'],
    ['a list', [2026], 'request'],
  ])('a rollover with %s is a 400', async (_label, body, field) => {
    expectProblem(await json('/api/rollover', body), 400, field)
  })

  it('an invoice or history under a malformed guid is a 400', async () => {
    for (const url of ['/api/invoices/x', '/api/invoices/x/pdf', '/api/enrollments/x/history']) {
      expectProblem(await t.asAdmin({ url }), 400, 'guid')
    }
  })

  it('none of the refused requests stored or changed anything', async () => {
    expect(await databaseSnapshot(t.database.db)).toEqual(before)
  })
})
