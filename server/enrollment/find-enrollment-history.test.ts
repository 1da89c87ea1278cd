import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

describe.each(testDatabaseKinds())('GET /api/enrollments/{guid}/history on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  async function submit(body: Enrollment): Promise<Enrollment & { guid: string }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    return loadByReceipt(t, response.json())
  }
  const act = (action: string, guid: string) =>
    t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/${action}` })

  it('the history tells who did what, oldest first, and outlives a delete', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Historic Dealers' }))
    await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/update`,
      payload: { ...stored, regionId: 4 },
    })
    for (const action of ['approve', 're-authorize', 'decline', 'delete'] as const) {
      expect((await act(action, stored.guid)).statusCode).toBe(200)
    }
    const response = await t.asAdmin({ url: `/api/enrollments/${stored.guid}/history` })
    expect(response.statusCode).toBe(200)
    const entries = response.json()
    expect(entries.map((entry: { action: string }) => entry.action)).toEqual([
      'submitted',
      'updated',
      'approved',
      're-authorized',
      'declined',
      'deleted',
    ])
    const admin = ADMIN_CLAIMS.preferred_username
    expect(entries.slice(1)).toEqual([
      expect.objectContaining({
        actor: admin,
        statusBefore: 'Authorizing',
        statusAfter: 'Authorizing',
        changes: [{ field: 'regionId', before: null, after: 4 }],
      }),
      expect.objectContaining({
        actor: admin,
        statusBefore: 'Authorizing',
        statusAfter: 'Approved',
      }),
      expect.objectContaining({
        statusBefore: 'Approved',
        statusAfter: 'Authorizing',
        changes: [],
      }),
      expect.objectContaining({ statusBefore: 'Authorizing', statusAfter: 'Declined' }),
      expect.objectContaining({ statusBefore: 'Declined', statusAfter: 'Deleted' }),
    ])
    expect(new Date(entries[0].at).toISOString()).toBe(entries[0].at)
    const unknown = await t.asAdmin({
      url: '/api/enrollments/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f/history',
    })
    expect(unknown.statusCode).toBe(404)
  })
})
