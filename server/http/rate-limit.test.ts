import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'

const LIMITS = { RATE_LIMIT_SUBMISSIONS: '2', RATE_LIMIT_LOOKUPS: '3' }
const GUID = '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'

function expectTooMany(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(429)
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(response.json()).toMatchObject({
    type: 'about:blank',
    title: 'Too Many Requests',
    status: 429,
    detail: expect.stringMatching(/^Too many requests from your address\. Please try again in /),
  })
}

/** Sends `count` requests (each made afresh) from one client; answers the status codes. */
async function burst(t: TestApp, count: number, request: () => InjectOptions): Promise<number[]> {
  const codes: number[] = []
  for (let index = 0; index < count; index++) codes.push((await t.app.inject(request())).statusCode)
  return codes
}

const submission = (remoteAddress: string, forwardedFor?: string): InjectOptions => ({
  method: 'POST',
  url: '/api/enrollments',
  payload: dealerEnrollment(),
  remoteAddress,
  headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
})

describe('per-client rate limits (docs/security.md), without a proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite', LIMITS, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  it('submissions: the third in a minute is a 429 problem with Retry-After, and not stored', async () => {
    expect(await burst(t, 2, () => submission('198.51.100.1'))).toEqual([201, 201])
    const count = () =>
      t.database.db
        .selectFrom('enrollments')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    const before = await count()
    expectTooMany(await t.app.inject(submission('198.51.100.1')))
    expect(await count()).toEqual(before)
    // Another client is not held back.
    expect((await t.app.inject(submission('198.51.100.2'))).statusCode).toBe(201)
  })

  it('submissions, saved forms and "Lost the mail?" share one count per client', async () => {
    const client = '198.51.100.40'
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      payload: { email: 'share@limit.example', values: { nonsense: true } },
      remoteAddress: client,
    })
    expect(draft.statusCode).toBe(400)
    const lost = await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email: 'share@limit.example' },
      remoteAddress: client,
    })
    expect(lost.statusCode).toBe(202)
    expectTooMany(await t.app.inject(submission(client)))
  })

  it('the status page and its invoice count with the look-ups', async () => {
    const client = '198.51.100.41'
    const token = 'A'.repeat(43)
    const paths = ['', '/invoice', '']
    let sent = 0
    const codes = await burst(t, 3, () => ({
      method: 'GET',
      url: `/api/status/${token}${paths[sent++] ?? ''}`,
      remoteAddress: client,
    }))
    expect(codes).toEqual([404, 404, 404])
    expectTooMany(
      await t.app.inject({
        method: 'GET',
        url: `/api/status/${token}/invoice/pdf`,
        remoteAddress: client,
      }),
    )
  })

  it('the limit is checked before the body is read: bad bodies count too', async () => {
    const bad = { ...submission('198.51.100.3'), payload: { nonsense: true } }
    expect(await burst(t, 2, () => bad)).toEqual([400, 400])
    expectTooMany(await t.app.inject(submission('198.51.100.3')))
  })

  it('authorizations are limited like submissions', async () => {
    const authorize: InjectOptions = {
      method: 'POST',
      url: `/api/enrollments/${GUID}/authorize`,
      payload: {},
      remoteAddress: '198.51.100.4',
    }
    expect(await burst(t, 2, () => authorize)).toEqual([400, 400])
    expectTooMany(await t.app.inject(authorize))
  })

  it.each(['bac', 'lma-name'])('type-ahead %s: the fourth in a minute is a 429', async (path) => {
    const lookup = {
      url: `/api/enrollments/autocomplete/${path}?value=abc`,
      remoteAddress: `198.51.100.${path.length}`,
    }
    expect(await burst(t, 3, () => lookup)).toEqual([200, 200, 200])
    expectTooMany(await t.app.inject(lookup))
  })

  it('X-Forwarded-For is ignored: a client cannot dodge the limit by making one up', async () => {
    const codes = []
    for (const forwarded of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      codes.push((await t.app.inject(submission('198.51.100.20', forwarded))).statusCode)
    }
    expect(codes).toEqual([201, 201, 429])
  })

  it('IPv6 clients are counted by their /64: rotating addresses inside it does not help', async () => {
    const codes = []
    for (const address of ['2001:db8:1:1::1', '2001:db8:1:1::2', '2001:db8:1:1:ffff::3']) {
      codes.push((await t.app.inject(submission(address))).statusCode)
    }
    expect(codes).toEqual([201, 201, 429])
    expect((await t.app.inject(submission('2001:db8:1:2::1'))).statusCode).toBe(201)
  })
})

describe('per-client rate limits behind a load balancer (TRUST_PROXY=1)', () => {
  let t: TestApp
  const BALANCER = '10.0.0.5'
  beforeAll(async () => {
    t = await createTestApp('pglite', { ...LIMITS, TRUST_PROXY: '1' }, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  it('each client behind the balancer has its own limit', async () => {
    for (const client of ['203.0.113.10', '203.0.113.11', '203.0.113.12']) {
      expect(await burst(t, 2, () => submission(BALANCER, client))).toEqual([201, 201])
    }
  })

  it('the address the balancer saw counts, not what the client wrote before it', async () => {
    const codes = []
    for (const spoofed of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
      codes.push((await t.app.inject(submission(BALANCER, `${spoofed}, 203.0.113.20`))).statusCode)
    }
    expect(codes).toEqual([201, 201, 429])
  })
})
