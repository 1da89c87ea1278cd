import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './test-support/test-app.js'
import { testDatabaseKinds } from './test-support/test-database.js'

describe.each(testDatabaseKinds())('public shell API on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { ENROLLMENT_YEAR: '2026', SUPPORT_EMAIL: 'help@pos.example' })
  })
  afterAll(() => t.close())

  it('GET /api/config answers the public configuration the SPA needs', async () => {
    const response = await t.app.inject('/api/config')
    expect(response.statusCode).toBe(200)
    const body = response.json()
    expect(body).toMatchObject({
      brands: [
        { key: 'chevy', name: 'Chevrolet' },
        { key: 'gm', name: 'GM' },
      ],
      enrollmentYear: 2026,
      enrollmentOpen: false,
      support: { email: 'help@pos.example' },
      auth: { redirectPath: '/oidc', cacheLocation: 'sessionStorage' },
    })
    expect(body.auth.scopes).toContain('user.read')
    expect(JSON.stringify(body)).not.toMatch(/DATABASE|SMTP|secret/i)
  })

  it('GET /api/regions lists the seeded sales regions in order', async () => {
    const response = await t.app.inject('/api/regions')
    expect(response.statusCode).toBe(200)
    const regions = response.json() as Array<{ id: number; name: string }>
    expect(regions.length).toBeGreaterThanOrEqual(8)
    expect(regions[0]).toEqual({ id: expect.any(Number), name: 'Northeast' })
    expect(new Set(regions.map((region) => region.name)).size).toBe(regions.length)
  })

  it('/healthz and /readyz answer while the database is up', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: kind })
  })

  it('an unknown API path is a 404 problem, not the SPA', async () => {
    const response = await t.app.inject('/api/nothing-here')
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/)
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' })
  })

  it('echoes a well-formed request id and makes one up otherwise', async () => {
    const given = await t.app.inject({
      url: '/healthz',
      headers: { 'x-request-id': 'req-12345678' },
    })
    expect(given.headers['x-request-id']).toBe('req-12345678')
    const bad = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': '<script>' } })
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends the security headers on every answer', async () => {
    const response = await t.app.inject('/api/config')
    expect(response.headers['content-security-policy']).toContain("object-src 'none'")
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(response.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe.each(testDatabaseKinds())('readiness on %s', (kind) => {
  it('/readyz answers 503 once the database is gone', async () => {
    const t = await createTestApp(kind)
    await t.database.close()
    const response = await t.app.inject('/readyz')
    expect(response.statusCode).toBe(503)
    expect(response.json()).toMatchObject({ status: 503, detail: 'The database is not reachable.' })
    await t.app.close()
  })
})
