import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  VIEWER_CLAIMS,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { unsecuredToken } from '../test-support/test-identity-provider.js'

const GUID = '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'
const ADMIN_CALLS = [
  ['GET', '/api/enrollments'],
  ['GET', `/api/enrollments/${GUID}/history`],
  ['POST', `/api/enrollments/${GUID}/update`],
  ['POST', `/api/enrollments/${GUID}/approve`],
  ['POST', `/api/enrollments/${GUID}/re-authorize`],
  ['POST', `/api/enrollments/${GUID}/decline`],
  ['POST', `/api/enrollments/${GUID}/delete`],
] as const

describe.each(testDatabaseKinds())('admin calls need an administrator on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  const call = (method: string, url: string, authorization?: string) =>
    t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: authorization ? { authorization } : {},
    })

  it.each(ADMIN_CALLS)('%s %s without a token is a 401 problem', async (method, url) => {
    const response = await call(method, url)
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/)
    expect(response.json()).toMatchObject({ status: 401, detail: 'Sign in to continue.' })
  })

  it.each(ADMIN_CALLS)('%s %s with a bad token is a 401', async (method, url) => {
    const now = Math.floor(Date.now() / 1000)
    const bad = [
      await t.idp.sign(ADMIN_CLAIMS, { expiresIn: -600 }),
      await t.idp.sign(ADMIN_CLAIMS, { audience: 'another-client' }),
      await t.idp.sign(ADMIN_CLAIMS, { issuer: 'https://login.example.com/other/v2.0' }),
      await t.idp.sign(ADMIN_CLAIMS, { key: 'unknown' }),
      unsecuredToken({
        ...ADMIN_CLAIMS,
        iss: t.idp.authority,
        aud: t.idp.clientId,
        sub: 'x',
        iat: now,
        exp: now + 600,
      }),
    ]
    for (const token of bad) {
      const response = await call(method, url, `Bearer ${token}`)
      expect(response.statusCode).toBe(401)
      expect(response.json().detail).toBe('Sign in to continue.')
    }
    expect((await call(method, url, `Basic ${btoa('ada:secret')}`)).statusCode).toBe(401)
  })

  it.each(ADMIN_CALLS)('%s %s for a signed-in non-administrator is a 403', async (method, url) => {
    const response = await call(method, url, `Bearer ${await t.idp.sign(VIEWER_CLAIMS)}`)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      status: 403,
      detail: 'You are not an administrator of this program.',
    })
  })

  it('a stranger learns nothing from a bad query: 401 comes before validation', async () => {
    expect((await call('GET', '/api/enrollments?year=abc')).statusCode).toBe(401)
  })

  it('admits the app role holder and a user named in ADMIN_USERS (by upn, any case)', async () => {
    expect((await t.asAdmin({ url: '/api/enrollments' })).statusCode).toBe(200)
    const listed = await t.idp.sign({ upn: 'Lister@Contoso.example', name: 'Lee Lister' })
    expect((await call('GET', '/api/enrollments', `Bearer ${listed}`)).statusCode).toBe(200)
  })

  it('the public calls stay public', async () => {
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: dealerEnrollment(),
    })
    expect(submitted.statusCode).toBe(201)
    expect(
      (await t.app.inject(`/api/enrollments/${(await loadByReceipt(t, submitted.json())).guid}`))
        .statusCode,
    ).toBe(200)
    expect((await t.app.inject('/api/config')).statusCode).toBe(200)
    const lookup = await t.app.inject('/api/enrollments/autocomplete/bac?value=123')
    expect(lookup.statusCode).toBe(200)
  })
})
