import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test-support/test-app.js'

describe('the silent sign-in page', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('pglite')
  })
  afterAll(() => t.close())

  it('may be framed by the SPA itself; every other answer may not be framed at all', async () => {
    const silent = await t.app.inject('/oidc-silent.html?code=x')
    expect(silent.headers['content-security-policy']).toContain("frame-ancestors 'self'")
    expect(silent.headers['x-frame-options']).toBe('SAMEORIGIN')
    const other = await t.app.inject('/api/config')
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'")
  })
})
