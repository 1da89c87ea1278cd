import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

type Stored = Enrollment & { guid: string; version: number }

describe.each(testDatabaseKinds())('POST /api/enrollments/{guid}/update on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  async function submit(body: Enrollment): Promise<Stored> {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    return loadByReceipt(t, response.json())
  }
  const update = (guid: string, body: unknown) =>
    t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/update`, payload: body as object })
  const history = (guid: string) =>
    t.database.db
      .selectFrom('enrollment_history')
      .selectAll()
      .where('enrollment_guid', '=', guid)
      .orderBy('id')
      .execute()

  it('saves an administrator’s changes, keeps the status and records the diff', async () => {
    const stored = await submit(dealerEnrollment({ name: 'Before Motors' }))
    const dealer = { ...stored.dealers[0], name: 'After Motors', kitSize: 'Small' }
    const response = await update(stored.guid, { ...stored, regionId: 2, dealers: [dealer] })
    expect(response.statusCode).toBe(200)
    const updated = response.json()
    expect(updated).toMatchObject({ guid: stored.guid, status: 'Approving', regionId: 2 })
    expect(updated.dealers[0]).toMatchObject({ name: 'After Motors', kitSize: 'Small' })
    expect(updated.version).toBe(stored.version + 1)
    const entries = await history(stored.guid)
    expect(entries.at(-1)).toMatchObject({
      action: 'updated',
      actor: ADMIN_CLAIMS.preferred_username,
      status_before: 'Approving',
      status_after: 'Approving',
    })
    expect(entries.at(-1)?.changes).toEqual(
      expect.arrayContaining([
        { field: 'regionId', before: null, after: 2 },
        { field: 'dealers[0].name', before: 'Before Motors', after: 'After Motors' },
        { field: 'dealers[0].kitSize', before: 'Large', after: 'Small' },
      ]),
    )
  })

  it('saves an LMA enrollment with fewer dealers, keeping its own BACs and name', async () => {
    const stored = await submit(lmaEnrollment(3, { name: 'Edited Dealers' }))
    const response = await update(stored.guid, {
      ...stored,
      regionId: 1,
      lma: { ...stored.lma, name: 'EDITED dealers', contact: 'Casey Contact' },
      dealers: stored.dealers.slice(1),
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({
      status: 'Authorizing',
      lma: { contact: 'Casey Contact' },
    })
    expect(response.json().dealers).toHaveLength(2)
  })

  it('invalid content is a 400 with field errors; the region is required', async () => {
    const stored = await submit(dealerEnrollment())
    const response = await update(stored.guid, {
      ...stored,
      regionId: null,
      dealers: [{ ...stored.dealers[0], authEmailAddress: 'nope' }],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toMatchObject({
      regionId: ['Region is required.'],
      'dealers[0].authEmailAddress': ['Email is not valid.'],
    })
  })

  it('a body without the version it was loaded at is a 400', async () => {
    const stored = await submit(dealerEnrollment())
    const { version: _version, ...withoutVersion } = stored
    const response = await update(stored.guid, { ...withoutVersion, regionId: 1 })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ version: ['Version is required.'] })
  })

  it('a stale version is a 409 and changes nothing', async () => {
    const stored = await submit(dealerEnrollment({ name: 'First Save Motors' }))
    expect((await update(stored.guid, { ...stored, regionId: 1 })).statusCode).toBe(200)
    const late = await update(stored.guid, {
      ...stored,
      regionId: 3,
      dealers: [{ ...stored.dealers[0], name: 'Late Save Motors' }],
    })
    expect(late.statusCode).toBe(409)
    expect(late.json().detail).toBe(
      'This enrollment was changed by someone else after you opened it. Close it and open it again to see their changes.',
    )
    const reloaded = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
    expect(reloaded).toMatchObject({ regionId: 1, version: stored.version + 1 })
    expect(reloaded.dealers[0].name).toBe('First Save Motors')
  })

  it('two admins saving the same version at once: one 200, one 409', async () => {
    const stored = await submit(dealerEnrollment())
    const answers = await Promise.all([
      update(stored.guid, { ...stored, regionId: 1 }),
      update(stored.guid, { ...stored, regionId: 2 }),
    ])
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409])
  })

  it('a BAC enrolled elsewhere is a 400 on that row', async () => {
    const other = await submit(dealerEnrollment())
    const stored = await submit(dealerEnrollment())
    const response = await update(stored.guid, {
      ...stored,
      regionId: 1,
      dealers: [{ ...stored.dealers[0], bac: ` ${other.dealers[0]?.bac.toLowerCase()} ` }],
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      'dealers[0].bac': ['This dealer is already enrolled for 2025.'],
    })
  })

  it('the type cannot change; another year is refused; unknown and malformed ids', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Typed Dealers' }))
    const retyped = await update(stored.guid, { ...dealerEnrollment(), regionId: 1, version: 1 })
    expect(retyped.statusCode).toBe(400)
    expect(retyped.json().errors).toEqual({
      type: ['The type of an enrollment cannot be changed.'],
    })
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024 })
      .where('guid', '=', stored.guid)
      .execute()
    const old = await update(stored.guid, { ...stored, year: 2024, regionId: 1 })
    expect(old.statusCode).toBe(409)
    expect(old.json().detail).toBe(
      'Only enrollments of the current enrollment year can be changed.',
    )
    const body = { ...stored, regionId: 1 }
    expect((await update('6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f', body)).statusCode).toBe(404)
    expect((await update('nope', body)).statusCode).toBe(400)
  })
})
