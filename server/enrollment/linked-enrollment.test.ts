import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

type Linked = Enrollment & {
  guid: string
  version: number
  authorized: { at: string; by: string } | null
}

describe.each(testDatabaseKinds())('the authorization link says who authorized, on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  async function submit(body: Enrollment): Promise<Linked> {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    const { guid } = await loadByReceipt(t, response.json())
    return open(guid)
  }
  async function open(guid: string): Promise<Linked> {
    const response = await t.app.inject(`/api/enrollments/${guid}`)
    expect(response.statusCode).toBe(200)
    return response.json()
  }
  async function authorize(body: Linked): Promise<Linked> {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${body.guid}/authorize`,
      payload: { ...body, regionId: body.regionId ?? 1 },
    })
    expect(response.statusCode).toBe(200)
    return response.json()
  }
  async function historyTimes(guid: string, action: string): Promise<string[]> {
    const entries = await t.database.db
      .selectFrom('enrollment_history')
      .select('at')
      .where('enrollment_guid', '=', guid)
      .where('action', '=', action)
      .orderBy('id')
      .execute()
    return entries.map((entry) => new Date(entry.at).toISOString())
  }

  it('names no authorization until the representative authorizes, then when and by whom', async () => {
    const stored = await submit(lmaEnrollment(2, { name: 'Who Authorized Dealers' }))
    expect(stored.status).toBe('Authorizing')
    expect(stored.authorized).toBeNull()

    const answer = await authorize({
      ...stored,
      lma: { ...(stored.lma as NonNullable<Enrollment['lma']>), authName: 'Jane Doe' },
    })
    const [at] = await historyTimes(stored.guid, 'authorized')
    expect(answer.authorized).toEqual({ at, by: 'Jane Doe' })
    const reopened = await open(stored.guid)
    expect(reopened.status).toBe('Approving')
    expect(reopened.authorized).toEqual({ at, by: 'Jane Doe' })

    // Sent again unchanged: the first authorization still stands.
    await authorize(reopened)
    expect((await open(stored.guid)).authorized).toEqual({ at, by: 'Jane Doe' })
  })

  it('a re-authorization asks for a new one; the next authorization and an approval keep it', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Asked Again Dealers' }))
    await authorize(stored)
    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/re-authorize`,
    })
    expect(again.statusCode).toBe(200)
    const requested = await open(stored.guid)
    expect(requested.status).toBe('Authorizing')
    expect(requested.authorized).toBeNull()

    await authorize({
      ...requested,
      lma: { ...(requested.lma as NonNullable<Enrollment['lma']>), authName: 'Sam Successor' },
    })
    const latest = (await historyTimes(stored.guid, 'authorized')).at(-1)
    expect((await open(stored.guid)).authorized).toEqual({ at: latest, by: 'Sam Successor' })

    const approved = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/approve`,
    })
    expect(approved.statusCode).toBe(200)
    const reopened = await open(stored.guid)
    expect(reopened.status).toBe('Approved')
    expect(reopened.authorized).toEqual({ at: latest, by: 'Sam Successor' })
  })

  it('a dealer enrollment has none', async () => {
    const stored = await submit(dealerEnrollment())
    expect(stored.authorized).toBeNull()
  })

  it('the OpenAPI document names the field in both answers of the link', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json()
    const linked = document.components.schemas.LinkedEnrollment
    expect(Object.keys(linked.properties)).toEqual(expect.arrayContaining(['guid', 'authorized']))
    expect(document.components.schemas.EnrollmentAuthorization.properties).toMatchObject({
      at: { type: 'string', format: 'date-time' },
      by: { type: 'string' },
    })
    const answers = [
      document.paths['/api/enrollments/{guid}'].get.responses['200'],
      document.paths['/api/enrollments/{guid}/authorize'].post.responses['200'],
    ]
    for (const answer of answers) {
      expect(answer.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/LinkedEnrollment',
      })
    }
  })
})
