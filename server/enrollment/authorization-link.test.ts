import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/**
 * What the authorization link (/{brand}/enrollment/lma?auth={guid}) opens and for how long, as
 * docs/security.md ("The authorization link") states it: the enrollment to edit and authorize
 * while it is Authorizing or Approving in the current year; the same enrollment, read-only, after
 * an approval, a decline or the year's end; nothing once it is deleted.
 */
describe.each(testDatabaseKinds())('the authorization link on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  let names = 0
  const submitLma = () =>
    submittedEnrollment(t, lmaEnrollment(2, { name: `Link Dealers ${++names}` }))
  const open = (guid: string) => t.app.inject({ method: 'GET', url: `/api/enrollments/${guid}` })
  const authorize = (stored: WireEnrollment) =>
    t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/authorize`,
      payload: { ...stored, regionId: 1 },
    })
  const act = async (action: 'approve' | 'decline' | 'delete' | 're-authorize', guid: string) => {
    const response = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/${action}` })
    expect(response.statusCode, response.body).toBe(200)
  }

  it('opens the whole enrollment to anyone holding it, never from a cache', async () => {
    const stored = await submitLma()
    const response = await open(stored.guid)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toMatchObject({
      status: 'Authorizing',
      lma: { contact: 'Alex Agency', emailAddress: 'billing@gscd.example' },
      dealers: [{ bac: stored.dealers[0]?.bac }, { bac: stored.dealers[1]?.bac }],
    })
    expect((await authorize(stored)).statusCode).toBe(200)
  })

  it('after an approval it still opens the enrollment, Approved, and Authorize is a 409', async () => {
    const stored = await submitLma()
    await act('approve', stored.guid)
    const response = await open(stored.guid)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'Approved', lma: stored.lma })
    const refused = await authorize({ ...stored, version: response.json().version })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(
      'This enrollment has been approved; no further changes can be made.',
    )
  })

  it('after a decline it still answers the enrollment, Declined, and Authorize is a 409', async () => {
    const stored = await submitLma()
    await act('decline', stored.guid)
    const response = await open(stored.guid)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'Declined', lma: stored.lma })
    const refused = await authorize({ ...stored, version: response.json().version })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe('This enrollment was declined and cannot be authorized.')
  })

  it('after the year it belongs to it opens it read-only: Authorize is a 409 naming the year', async () => {
    const stored = await submitLma()
    // The program office moved ENROLLMENT_YEAR (2025 here) on: the enrollment is of an earlier year.
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024 })
      .where('guid', '=', stored.guid)
      .execute()
    const response = await open(stored.guid)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ status: 'Authorizing', year: 2024 })
    const refused = await authorize(stored)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe(
      'This enrollment belongs to 2024 and can no longer be changed.',
    )
  })

  it('a Re-authorize after an approval opens it for authorization again, by the same link', async () => {
    const stored = await submitLma()
    await act('approve', stored.guid)
    await act('re-authorize', stored.guid)
    const reopened = (await open(stored.guid)).json()
    expect(reopened.status).toBe('Authorizing')
    expect((await authorize({ ...stored, version: reopened.version })).statusCode).toBe(200)
  })

  it('after a delete it opens nothing: 404, and Authorize finds nothing either', async () => {
    const stored = await submitLma()
    await act('delete', stored.guid)
    const response = await open(stored.guid)
    expect(response.statusCode).toBe(404)
    expect(response.json().detail).toBe('There is no enrollment with this id.')
    expect((await authorize(stored)).statusCode).toBe(404)
  })
})
