import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { databaseSnapshot } from '../test-support/fuzz/db-snapshot.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/** A 4xx problem body (RFC 9457) with the given status, and field errors when named. */
function expectProblem(response: LightMyRequestResponse, status: number, field?: string) {
  expect(response.statusCode, response.body).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = response.json()
  expect(body).toMatchObject({ type: 'about:blank', title: expect.any(String), status })
  expect(body.detail).toEqual(expect.any(String))
  if (field) expect(Object.keys(body.errors ?? {})).toContain(field)
  return body
}

const GUID = '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'

describe.each(testDatabaseKinds())('the public API refuses bad input on %s', (kind) => {
  let t: TestApp
  let before: Record<string, string>
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { mail: { worker: false } })
    before = await databaseSnapshot(t.database.db)
  })
  afterAll(() => t.close())

  const submit = (payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/enrollments', payload: payload as object })
  const raw = (url: string, payload: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } })

  it.each([
    ['a year as text', { ...dealerEnrollment(), year: '2025' }, 'year'],
    ['a fractional year', { ...dealerEnrollment(), year: 2025.5 }, 'year'],
    ['dealers as an object', { ...dealerEnrollment(), dealers: {} }, 'dealers'],
    ['an LMA record as a list', { ...lmaEnrollment(1), lma: [] }, 'lma'],
    ['an unknown type', { ...dealerEnrollment(), type: 'Fleet' }, 'type'],
    ['an unknown brand', { ...dealerEnrollment(), brand: 'ford' }, 'brand'],
    ['a region as an object', { ...dealerEnrollment(), regionId: { id: 1 } }, 'regionId'],
    ['a name over 100 characters', lmaEnrollment(1, { name: 'x'.repeat(101) }), 'lma.name'],
    ['a NUL character', dealerEnrollment({ name: 'River\u0000side' }), 'dealers[0].name'],
    ['a lone surrogate', lmaEnrollment(1, { contact: 'Al\ud800ex' }), 'lma.contact'],
    ['a line break in a name', lmaEnrollment(1, { name: 'A\r\nBcc: x@y.z' }), 'lma.name'],
    ['301 dealer rows', lmaEnrollment(301), 'dealers'],
  ])('a submission with %s is a 400 naming the field', async (_label, body, field) => {
    expectProblem(await submit(body), 400, field)
  })

  it('a body of 256 KB or more is a 413, on every JSON call', async () => {
    const huge = JSON.stringify(dealerEnrollment({ name: 'x'.repeat(300_000) }))
    expectProblem(await raw('/api/enrollments', huge), 413)
    expectProblem(await raw(`/api/enrollments/${GUID}/authorize`, huge), 413)
  })

  it('a prototype-poisoning key is refused before anything reads the body', async () => {
    const body = JSON.stringify(dealerEnrollment())
    expectProblem(
      await raw('/api/enrollments', `{"__proto__":{"status":"Approved"},${body.slice(1)}`),
      400,
    )
    const viaConstructor = `{"constructor":{"prototype":{"isAdmin":true}},${body.slice(1)}`
    expectProblem(await raw('/api/enrollments', viaConstructor), 400)
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined()
  })

  it('JSON nested 50,000 deep is a 400, not a crash', async () => {
    expectProblem(await raw('/api/enrollments', `${'['.repeat(50_000)}${']'.repeat(50_000)}`), 400)
    const deepField = `{"type":"Dealer","dealers":${'['.repeat(50_000)}${']'.repeat(50_000)}}`
    expectProblem(await raw('/api/enrollments', deepField), 400, 'dealers[0]')
  })

  it.each(['not-a-guid', `${GUID}0`, GUID.replaceAll('-', ''), `{${GUID}}`, '%20'])(
    'the enrollment id %j is a 400',
    async (guid) => {
      expectProblem(await t.app.inject(`/api/enrollments/${guid}`), 400, 'guid')
      expectProblem(await raw(`/api/enrollments/${guid}/authorize`, '{}'), 400, 'guid')
    },
  )

  it('a broken percent-encoding or an over-long id is a problem too', async () => {
    expectProblem(await t.app.inject('/api/enrollments/%E0%A4%A'), 400)
    expectProblem(await t.app.inject(`/api/enrollments/${'a'.repeat(500)}`), 414)
  })

  it.each([
    ['no value', ''],
    ['a value over 100 characters', `value=${'1'.repeat(101)}`],
    ['a NUL character', 'value=100%00'],
    ['the value twice', 'value=100&value=200'],
    ['a brand over 20 characters', `value=Gre&brand=${'b'.repeat(21)}`],
  ])('the type-ahead with %s is a 400', async (_label, query) => {
    for (const path of ['bac', 'lma-name']) {
      expectProblem(await t.app.inject(`/api/enrollments/autocomplete/${path}?${query}`), 400)
    }
  })

  it('none of the refused requests stored or changed anything', async () => {
    expect(await databaseSnapshot(t.database.db)).toEqual(before)
  })
})
