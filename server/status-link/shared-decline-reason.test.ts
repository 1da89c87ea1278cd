import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REASON_SHOWN_FIELD } from '../../shared/enrollment/history-changes.js'
import { SHARE_WITHOUT_REASON } from '../../shared/office/office-limits.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { deliveredMail } from '../test-support/delivered-mail.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const TOKEN_IN_MAIL = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/

/**
 * Decline's reason on the enrollee's status page (docs/product.md#status-page): shown only when
 * the office chose to share it, only while the enrollment is Declined; the history records the
 * choice.
 */
describe.each(testDatabaseKinds())('the shared decline reason on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  let names = 0
  const lma = () => submittedEnrollment(t, lmaEnrollment(1, { name: `Shared Reason ${++names}` }))
  const dealer = () => submittedEnrollment(t, dealerEnrollment({ bac: `SR${++names}` }))
  const post = (url: string, payload?: unknown) =>
    t.asAdmin({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })

  /** The status page the receipt's link opens. */
  async function statusPage(stored: WireEnrollment) {
    const row = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_guid', '=', stored.guid)
      .where('kind', '=', 'submission-receipt')
      .executeTakeFirstOrThrow()
    const token = TOKEN_IN_MAIL.exec((await deliveredMail(t.app, row.id)).text)?.[1]
    const response = await t.app.inject(`/api/status/${token}`)
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { status: string; declineReason: string | null }
  }
  async function lastHistory(guid: string) {
    const response = await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/history` })
    return response.json().at(-1) as { action: string; reason: string | null; changes: unknown[] }
  }
  const decline = async (guid: string, payload?: object) => {
    const response = await post(`/api/enrollments/${guid}/decline`, payload)
    expect(response.statusCode, response.body).toBe(200)
  }

  it('a shared reason is on the status page, as the office typed it, and the history says it is shown', async () => {
    const stored = await lma()
    const reason = 'Your dealers are <b>already</b> enrolled\r\nby Plains & Co.'
    await decline(stored.guid, { reason, shareReason: true })
    const page = await statusPage(stored)
    expect(page.status).toBe('Declined')
    // Text, normalized as every reason is (CRLF becomes LF); markup is the enrollee's page's to escape.
    expect(page.declineReason).toBe('Your dealers are <b>already</b> enrolled\nby Plains & Co.')
    expect(await lastHistory(stored.guid)).toMatchObject({
      action: 'declined',
      reason: 'Your dealers are <b>already</b> enrolled\nby Plains & Co.',
      changes: [{ field: REASON_SHOWN_FIELD, before: null, after: true }],
    })
  })

  it('a reason not shared stays in the history only', async () => {
    const stored = await dealer()
    await decline(stored.guid, { reason: 'Internal: duplicate of another dealer' })
    const explicit = await dealer()
    await decline(explicit.guid, { reason: 'Internal too', shareReason: false })
    for (const each of [stored, explicit]) {
      const page = await statusPage(each)
      expect(page).toMatchObject({ status: 'Declined', declineReason: null })
      expect(await lastHistory(each.guid)).toMatchObject({
        action: 'declined',
        changes: [{ field: REASON_SHOWN_FIELD, before: null, after: false }],
      })
    }
    const without = await dealer()
    await decline(without.guid)
    expect(await statusPage(without)).toMatchObject({ status: 'Declined', declineReason: null })
    expect((await lastHistory(without.guid)).changes).toEqual([])
  })

  it('re-authorizing hides the reason, and the history says so; a later decline does not bring it back', async () => {
    const stored = await lma()
    await decline(stored.guid, { reason: 'Missing the agency', shareReason: true })
    expect((await statusPage(stored)).declineReason).toBe('Missing the agency')
    expect((await post(`/api/enrollments/${stored.guid}/re-authorize`)).statusCode).toBe(200)
    expect(await statusPage(stored)).toMatchObject({ status: 'Authorizing', declineReason: null })
    expect(await lastHistory(stored.guid)).toMatchObject({
      action: 're-authorized',
      changes: [{ field: REASON_SHOWN_FIELD, before: true, after: false }],
    })
    await decline(stored.guid, { reason: 'Still missing it' })
    expect(await statusPage(stored)).toMatchObject({ status: 'Declined', declineReason: null })
  })

  it('approving hides the reason', async () => {
    const stored = await dealer()
    await decline(stored.guid, { reason: 'Billing unclear', shareReason: true })
    expect((await post(`/api/enrollments/${stored.guid}/approve`)).statusCode).toBe(200)
    expect(await statusPage(stored)).toMatchObject({ status: 'Approved', declineReason: null })
    expect(await lastHistory(stored.guid)).toMatchObject({
      action: 'approved',
      changes: [{ field: REASON_SHOWN_FIELD, before: true, after: false }],
    })
  })

  it('a bulk Decline shares its one reason with each enrollee when asked', async () => {
    const a = await lma()
    const b = await dealer()
    const response = await post('/api/enrollments/bulk/decline', {
      guids: [a.guid, b.guid],
      reason: 'The program is full',
      shareReason: true,
    })
    expect(response.json()).toMatchObject({ done: 2, skipped: 0, failed: 0 })
    for (const each of [a, b]) {
      expect(await statusPage(each)).toMatchObject({
        status: 'Declined',
        declineReason: 'The program is full',
      })
    }
    const c = await dealer()
    await post('/api/enrollments/bulk/decline', { guids: [c.guid], reason: 'Not shared' })
    expect((await statusPage(c)).declineReason).toBeNull()
  })

  it('refuses a shareReason that is not a boolean, or one with no reason to show, changing nothing', async () => {
    const stored = await lma()
    const cases: Array<[string, object, string]> = [
      ['decline', { reason: 'Late', shareReason: 'yes' }, 'shareReason must be true or false.'],
      ['decline', { reason: 'Late', shareReason: 1 }, 'shareReason must be true or false.'],
      ['decline', { shareReason: true }, SHARE_WITHOUT_REASON],
      ['decline', { reason: '   ', shareReason: true }, SHARE_WITHOUT_REASON],
    ]
    for (const [action, body, message] of cases) {
      const response = await post(`/api/enrollments/${stored.guid}/${action}`, body)
      expect(response.statusCode, JSON.stringify(body)).toBe(400)
      expect(response.json().errors).toEqual({ shareReason: [message] })
    }
    // Re-authorize has nothing to show: the field is unknown there.
    const reauthorize = await post(`/api/enrollments/${stored.guid}/re-authorize`, {
      reason: 'Again',
      shareReason: true,
    })
    expect(reauthorize.statusCode).toBe(400)
    const bulk = await post('/api/enrollments/bulk/decline', {
      guids: [stored.guid],
      reason: 'Late',
      shareReason: 'true',
    })
    expect(bulk.statusCode).toBe(400)
    expect(bulk.json().errors).toEqual({ shareReason: ['shareReason must be true or false.'] })
    const bulkWithout = await post('/api/enrollments/bulk/decline', {
      guids: [stored.guid],
      shareReason: true,
    })
    expect(bulkWithout.statusCode).toBe(400)
    expect(bulkWithout.json().errors).toEqual({ shareReason: [SHARE_WITHOUT_REASON] })
    expect(await statusPage(stored)).toMatchObject({ status: 'Authorizing', declineReason: null })
    const history = await t.asAdmin({
      method: 'GET',
      url: `/api/enrollments/${stored.guid}/history`,
    })
    expect(history.json()).toHaveLength(1)
  })

  it('the OpenAPI document describes shareReason on Decline and bulk Decline, and the page’s reason', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json()
    const body = (path: string) =>
      JSON.stringify(document.paths[path].post.requestBody.content['application/json'].schema)
    expect(body('/api/enrollments/{guid}/decline')).toMatch(/"shareReason":\{[^}]*"type":"boolean"/)
    expect(body('/api/enrollments/bulk/{action}')).toContain('"shareReason"')
    expect(body('/api/enrollments/{guid}/re-authorize')).not.toContain('shareReason')
    expect(JSON.stringify(document.components.schemas.EnrollmentStatusPage)).toContain(
      '"declineReason"',
    )
  })
})
