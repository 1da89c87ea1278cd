import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { postReportForm } from '../test-support/report-download.js'
import { TOKEN_ATTACKS } from '../test-support/token-attacks.js'

describe('forged, foreign and malformed ID tokens (RFC 8725, OpenID Connect Core 3.1.3.7)', () => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp('pglite')
  })
  afterAll(() => t.close())

  it('the genuine token is accepted both ways (so each refusal below is the attack’s)', async () => {
    const token = await t.idp.sign(ADMIN_CLAIMS)
    const header = await t.app.inject({
      url: '/api/enrollments',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(header.statusCode).toBe(200)
    expect(
      (await postReportForm(t.app, '/api/reports/export', { bearer_token: token })).statusCode,
    ).toBe(200)
  })

  it.each(TOKEN_ATTACKS)('%s: 401 in the Authorization header', async (_label, make) => {
    const response = await t.app.inject({
      url: '/api/enrollments',
      headers: { authorization: `Bearer ${await make(t.idp)}` },
    })
    expect(response.statusCode).toBe(401)
    expect(response.headers['www-authenticate']).toBe('Bearer')
    expect(response.json()).toMatchObject({ status: 401, detail: 'Sign in to continue.' })
  })

  it.each(TOKEN_ATTACKS)('%s: 401 in the report form’s bearer_token', async (_label, make) => {
    const token = await make(t.idp)
    const response = await postReportForm(t.app, '/api/reports/export', {
      bearer_token: token.slice(0, 15_000),
    })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toMatchObject({ status: 401, detail: 'Sign in to continue.' })
  })

  it('a bad token in the form is not rescued by a good one in the header', async () => {
    const good = await t.idp.sign(ADMIN_CLAIMS)
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/reports/export',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Bearer ${good}`,
      },
      payload: new URLSearchParams({
        bearer_token: await t.idp.sign(ADMIN_CLAIMS, { expiresIn: -600 }),
      }).toString(),
    })
    expect(response.statusCode).toBe(401)
  })
})
