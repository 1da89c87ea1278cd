import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  VIEWER_CLAIMS,
} from '../test-support/admin-test-app.js'
import { postReportForm } from '../test-support/report-download.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const REPORTS = ['/api/reports/export', '/api/reports/invoices/2025']
/** Every report download, the list's export (which also takes the list's filters) included. */
const DOWNLOADS = [...REPORTS, '/api/reports/enrollment-list']
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

describe.each(testDatabaseKinds())('report downloads need an administrator on %s', (kind) => {
  let t: AdminTestApp
  let adminToken: string
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    adminToken = await t.idp.sign(ADMIN_CLAIMS)
  })
  afterAll(() => t.close())

  it.each(DOWNLOADS)('%s without a token is a 401 problem', async (url) => {
    for (const response of [
      await postReportForm(t.app, url),
      await postReportForm(t.app, url, { bearer_token: '' }),
      await t.app.inject({ method: 'POST', url }),
    ]) {
      expect(response.statusCode).toBe(401)
      expect(response.headers['www-authenticate']).toBe('Bearer')
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/)
      expect(response.json()).toMatchObject({ status: 401, detail: 'Sign in to continue.' })
    }
  })

  it.each(DOWNLOADS)('%s without a token is refused before any other body is read', async (url) => {
    const json = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(100_000) }),
    })
    expect(json.statusCode).toBe(401)
    const badHeader = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: 'Bearer not-a-token', 'content-type': 'text/plain' },
      payload: 'x'.repeat(100_000),
    })
    expect(badHeader.statusCode).toBe(401)
  })

  it.each(DOWNLOADS)('%s with a bad token is a 401', async (url) => {
    const bad = [
      'not-a-token',
      await t.idp.sign(ADMIN_CLAIMS, { expiresIn: -600 }),
      await t.idp.sign(ADMIN_CLAIMS, { key: 'unknown' }),
      await t.idp.sign(ADMIN_CLAIMS, { audience: 'another-client' }),
    ]
    for (const token of bad) {
      const response = await postReportForm(t.app, url, { bearer_token: token })
      expect(response.statusCode).toBe(401)
    }
  })

  it.each(DOWNLOADS)('%s for a signed-in user who is no administrator is a 403', async (url) => {
    const token = await t.idp.sign(VIEWER_CLAIMS)
    const response = await postReportForm(t.app, url, { bearer_token: token })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toMatchObject({
      status: 403,
      detail: 'You are not an administrator of this program.',
    })
  })

  it.each(DOWNLOADS)('%s takes the token from the form or an Authorization header', async (url) => {
    const form = await postReportForm(t.app, url, { bearer_token: adminToken })
    expect(form.statusCode).toBe(200)
    expect(form.headers['content-type']).toBe(XLSX)
    const header = await t.asAdmin({ method: 'POST', url })
    expect(header.statusCode).toBe(200)
    expect(header.headers['content-type']).toBe(XLSX)
  })

  it('names the download after the report and today, and keeps it out of caches', async () => {
    const today = new Date().toISOString().slice(0, 10)
    const exported = await postReportForm(t.app, REPORTS[0] ?? '', { bearer_token: adminToken })
    expect(exported.headers['content-disposition']).toBe(
      `attachment; filename="pos-enrollments-${today}.xlsx"`,
    )
    expect(exported.headers['cache-control']).toBe('no-store')
    const invoices = await postReportForm(t.app, '/api/reports/invoices/2024', {
      bearer_token: adminToken,
    })
    expect(invoices.headers['content-disposition']).toBe(
      `attachment; filename="pos-invoices-2024-${today}.xlsx"`,
    )
    expect(invoices.headers['cache-control']).toBe('no-store')
  })

  it('accepts form posts on the report calls only', async () => {
    const response = await postReportForm(t.app, '/api/enrollments', { bearer_token: adminToken })
    expect(response.statusCode).toBe(415)
  })

  it('sends the workbook as it is: an xlsx file is already compressed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: REPORTS[0],
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'accept-encoding': 'br, gzip',
      },
      payload: new URLSearchParams({ bearer_token: adminToken }).toString(),
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })

  it.each(['25', '202', '20255', 'abcd', '2025.0', '-2025'])(
    'refuses the year %j with a 400',
    async (year) => {
      const response = await postReportForm(t.app, `/api/reports/invoices/${year}`, {
        bearer_token: adminToken,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        status: 400,
        errors: { year: ['The year must be a four-digit number.'] },
      })
    },
  )

  it.each(REPORTS)(
    '%s refuses other fields, a repeated token and an oversized form',
    async (url) => {
      const extra = await postReportForm(t.app, url, { bearer_token: adminToken, other: 'x' })
      expect(extra.statusCode).toBe(400)
      expect(extra.json()).toMatchObject({
        detail: 'The request is not valid.',
        errors: { request: ['Only the field bearer_token may be sent.'] },
      })
      const repeated = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `bearer_token=${adminToken}&bearer_token=${adminToken}`,
      })
      expect(repeated.statusCode).toBe(401)
      const oversized = await postReportForm(t.app, url, { bearer_token: 'x'.repeat(17 * 1024) })
      expect(oversized.statusCode).toBe(413)
      expect(oversized.json()).toMatchObject({ status: 413 })
    },
  )
})
