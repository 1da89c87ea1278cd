import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'
import { STALE_AUTHORIZATION_MESSAGE } from './enrollment-refusals.js'

describe.each(testDatabaseKinds())('POST /api/enrollments/{guid}/authorize on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind)
  })
  afterAll(() => t.close())

  async function submit(body: Enrollment) {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    return loadByReceipt(t, response.json())
  }
  const authorize = <T extends { regionId?: number | null }>(guid: string, body: T) =>
    t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${guid}/authorize`,
      payload: { ...body, regionId: body.regionId ?? 1 },
    })

  it('the representative edits and authorizes: Authorizing becomes Approving', async () => {
    const stored = await submit(lmaEnrollment(3, { name: 'North Shore Dealers' }))
    const edited = {
      ...stored,
      regionId: 2,
      lma: { ...stored.lma, contact: 'Casey Contact' },
      dealers: stored.dealers.slice(0, 2),
    }
    const response = await authorize(stored.guid, edited)
    expect(response.statusCode).toBe(200)
    const updated = response.json()
    expect(updated).toMatchObject({
      status: 'Approving',
      regionId: 2,
      lma: { contact: 'Casey Contact' },
    })
    expect(updated.dealers).toHaveLength(2)
    expect(updated.version).toBe(stored.version + 1)
    const history = await t.database.db
      .selectFrom('enrollment_history')
      .selectAll()
      .where('enrollment_guid', '=', stored.guid)
      .orderBy('id')
      .execute()
    expect(history.map((entry) => entry.action)).toEqual(['submitted', 'authorized'])
    expect(history[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'regionId', before: null, after: 2 },
        { field: 'lma.contact', before: 'Alex Agency', after: 'Casey Contact' },
      ]),
    )
  })

  it('authorizing twice keeps it Approving', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Twice Authorized Dealers' }))
    const first = await authorize(stored.guid, stored)
    expect(first.statusCode).toBe(200)
    const again = await authorize(stored.guid, first.json())
    expect(again.statusCode).toBe(200)
    expect(again.json().status).toBe('Approving')
  })

  it('authorizing again with no change records nothing: no history, no new version or time, no mail', async () => {
    const stored = await submit(lmaEnrollment(3, { name: 'Unchanged Again Dealers' }))
    const first = await authorize(stored.guid, stored)
    expect(first.statusCode).toBe(200)
    const authorized = first.json()
    const mailsBefore = await mailCount(stored.guid)

    const again = await authorize(stored.guid, authorized)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toMatchObject({
      status: 'Approving',
      version: authorized.version,
      modified: authorized.modified,
    })
    const reloaded = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
    expect(reloaded).toMatchObject({ version: authorized.version, modified: authorized.modified })
    expect(await historyActions(stored.guid)).toEqual(['submitted', 'authorized'])
    expect(await mailCount(stored.guid)).toBe(mailsBefore)

    // Moving a dealer row is a change the table shows, so it is recorded.
    const reordered = await authorize(stored.guid, {
      ...authorized,
      dealers: [...authorized.dealers].reverse(),
    })
    expect(reordered.statusCode).toBe(200)
    expect(reordered.json().version).toBe(authorized.version + 1)
    expect(await historyActions(stored.guid)).toEqual(['submitted', 'authorized', 'authorized'])
  })

  async function historyActions(guid: string): Promise<string[]> {
    const entries = await t.database.db
      .selectFrom('enrollment_history')
      .select('action')
      .where('enrollment_guid', '=', guid)
      .orderBy('id')
      .execute()
    return entries.map((entry) => entry.action)
  }

  async function mailCount(guid: string): Promise<number> {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_guid', '=', guid)
      .execute()
    return rows.length
  }

  it('a page older than the enrollment is a 409 and reverts nothing', async () => {
    const stored = await submit(lmaEnrollment(2, { name: 'Stale Page Dealers' }))
    // The program office saves a change while the representative's page is open.
    await t.database.db
      .updateTable('enrollments')
      .set({ region_id: 3, version: sql`version + 1` })
      .where('guid', '=', stored.guid)
      .execute()
    const response = await authorize(stored.guid, {
      ...stored,
      lma: { ...stored.lma, contact: 'Stale Contact' },
    })
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(STALE_AUTHORIZATION_MESSAGE)
    const reloaded = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
    expect(reloaded).toMatchObject({
      status: 'Authorizing',
      regionId: 3,
      version: stored.version + 1,
    })
    expect(reloaded.lma.contact).toBe(stored.lma?.contact)
  })

  it('a body without its version is a 400', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Versionless Dealers' }))
    const { version: _version, ...body } = stored
    const response = await authorize(stored.guid, body)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ version: ['Version is required.'] })
  })

  it('a body of another type is refused and the LMA stays whole', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Typed Dealers' }))
    const asDealer = { ...dealerEnrollment(), guid: stored.guid, version: stored.version }
    const response = await authorize(stored.guid, asDealer)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      type: ['The type of an enrollment cannot be changed.'],
    })
    const reloaded = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
    expect(reloaded).toMatchObject({ type: 'Lma', status: 'Authorizing', version: stored.version })
    expect(reloaded.lma.name).toBe('Typed Dealers')
    expect(reloaded.dealers).toEqual(stored.dealers)
  })

  it('naming another representative mails the previous one; keeping them mails nobody', async () => {
    const stored = await submit(
      lmaEnrollment(1, {
        name: 'Handover Dealers',
        authEmailAddress: 'first.rep@handover.example',
      }),
    )
    const kept = await authorize(stored.guid, stored)
    expect(kept.statusCode).toBe(200)
    const changed = await authorize(stored.guid, {
      ...kept.json(),
      lma: {
        ...kept.json().lma,
        authName: 'Sam Successor',
        authEmailAddress: 'sam@handover.example',
      },
    })
    expect(changed.statusCode).toBe(200)
    const notice = await waitFor(() =>
      t.app.mail.devMailbox
        ?.messages()
        .find(
          (mail) => mail.to.includes('first.rep@handover.example') && /changed/.test(mail.subject),
        ),
    )
    expect(notice.subject).toBe('The authorized representative of Handover Dealers was changed')
    expect(notice.text).toContain('Sam Successor <sam@handover.example>')
    expect(notice.text).not.toContain(stored.guid)
    const kinds = await t.database.db
      .selectFrom('outbox')
      .select(['kind', 'recipient'])
      .where('kind', '=', 'representative-changed')
      .where('recipient', 'in', ['first.rep@handover.example', 'sam@handover.example'])
      .execute()
    expect(kinds).toEqual([
      { kind: 'representative-changed', recipient: 'first.rep@handover.example' },
    ])
  })

  it('an Approved or Declined enrollment cannot be authorized (409 with the reason)', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Already Approved Dealers' }))
    await t.database.db
      .updateTable('enrollments')
      .set({ status: 'Approved' })
      .where('guid', '=', stored.guid)
      .execute()
    const response = await authorize(stored.guid, stored)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe(
      'This enrollment has been approved; no further changes can be made.',
    )
    await t.database.db
      .updateTable('enrollments')
      .set({ status: 'Declined' })
      .where('guid', '=', stored.guid)
      .execute()
    expect((await authorize(stored.guid, stored)).statusCode).toBe(409)
  })

  it('a dealer enrollment is not authorized through this call', async () => {
    const stored = await submit(dealerEnrollment())
    const response = await authorize(stored.guid, stored)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe('Only LMA enrollments are authorized by a representative.')
  })

  it('a BAC enrolled by someone else is a field error and changes nothing', async () => {
    const other = await submit(dealerEnrollment())
    const stored = await submit(lmaEnrollment(2, { name: 'Conflicting Dealers' }))
    const edited = {
      ...stored,
      dealers: [...stored.dealers, { ...stored.dealers[0], bac: other.dealers[0]?.bac }],
    }
    const response = await authorize(stored.guid, edited)
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      'dealers[2].bac': ['This dealer is already enrolled for 2025.'],
    })
    const reloaded = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
    expect(reloaded.status).toBe('Authorizing')
    expect(reloaded.dealers).toHaveLength(2)
  })

  it('keeps its own BACs and name: re-saving them is no conflict', async () => {
    const stored = await submit(lmaEnrollment(3, { name: 'Self Consistent Dealers' }))
    const response = await authorize(stored.guid, {
      ...stored,
      lma: { ...stored.lma, name: 'SELF consistent dealers' },
    })
    expect(response.statusCode).toBe(200)
  })

  it('renaming onto another LMA is a field error on the name', async () => {
    await submit(lmaEnrollment(1, { name: 'Taken Name Dealers' }))
    const stored = await submit(lmaEnrollment(1, { name: 'Free Name Dealers' }))
    const response = await authorize(stored.guid, {
      ...stored,
      lma: { ...stored.lma, name: 'Taken Name Dealers' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({
      'lma.name': ['An enrollment for this LMA has already been received.'],
    })
  })

  it('the region is required once an enrollment has a status', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Regionless Dealers' }))
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/authorize`,
      payload: { ...stored, regionId: null },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json().errors).toEqual({ regionId: ['Region is required.'] })
  })

  it('invalid content is a 400 with field errors; unknown and malformed ids are 404 and 400', async () => {
    const stored = await submit(lmaEnrollment(1, { name: 'Validated Dealers' }))
    const invalid = await authorize(stored.guid, {
      ...stored,
      lma: { ...stored.lma, emailAddress: '' },
    })
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json().errors['lma.emailAddress']).toEqual(['Email is required.'])
    expect((await authorize('6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f', stored)).statusCode).toBe(404)
    expect((await authorize('nope', stored)).statusCode).toBe(400)
  })
})
