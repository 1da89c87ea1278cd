import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  READONLY_CLAIMS,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  VIEWER_CLAIMS,
} from '../test-support/admin-test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

describe.each(testDatabaseKinds())('GET /api/session on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  const session = (token?: string) =>
    t.app.inject({
      url: '/api/session',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('tells an administrator their role', async () => {
    const response = await t.asAdmin({ url: '/api/session' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual({
      username: ADMIN_CLAIMS.preferred_username,
      name: ADMIN_CLAIMS.name,
      role: 'administrator',
      regions: [],
    })
  })

  it('tells a regional manager their regions, and a read-only user their role', async () => {
    expect((await t.asRegionalManager({ url: '/api/session' })).json()).toEqual({
      username: REGIONAL_MANAGER_CLAIMS.preferred_username,
      name: REGIONAL_MANAGER_CLAIMS.name,
      role: 'regional-manager',
      regions: [REGIONAL_MANAGER_REGION],
    })
    expect((await t.asReadOnly({ url: '/api/session' })).json()).toEqual({
      username: READONLY_CLAIMS.preferred_username,
      name: READONLY_CLAIMS.name,
      role: 'read-only',
      regions: [],
    })
  })

  it('tells a signed-in user without a role so, with a 200 (the admin calls answer 403)', async () => {
    const token = await t.idp.sign(VIEWER_CLAIMS)
    const response = await session(token)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      username: VIEWER_CLAIMS.preferred_username,
      name: VIEWER_CLAIMS.name,
      role: null,
      regions: [],
    })
    const list = await t.app.inject({
      url: '/api/enrollments',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(list.statusCode).toBe(403)
  })

  it('answers 401 without a token or with a bad one', async () => {
    const missing = await session()
    expect(missing.statusCode).toBe(401)
    expect(missing.headers['www-authenticate']).toBe('Bearer')
    expect(missing.json()).toMatchObject({ status: 401, detail: 'Sign in to continue.' })
    const expired = await session(await t.idp.sign(ADMIN_CLAIMS, { expiresIn: -600 }))
    expect(expired.statusCode).toBe(401)
    expect((await session('not.a.token')).statusCode).toBe(401)
  })
})
