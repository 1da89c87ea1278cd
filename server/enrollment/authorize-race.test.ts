import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'

/**
 * An authorization that lands while an administrator's action is between its read and its
 * write. Only PostgreSQL shows this: PGlite runs one transaction at a time.
 */
describe.runIf(hasPostgres())('authorize against an administrator on PostgreSQL', () => {
  let t: AdminTestApp
  let url: string
  beforeAll(async () => {
    t = await createAdminTestApp('postgres')
    url = t.database.url ?? ''
  })
  afterAll(() => t.close())

  const authorize = (stored: WireEnrollment) =>
    t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/authorize`,
      payload: { ...stored, regionId: 1 },
    })

  it.each([
    ['Approved', 'This enrollment has been approved; no further changes can be made.'],
    ['Declined', 'This enrollment was declined and cannot be authorized.'],
  ])(
    'an authorization waiting on an open %s is refused once it commits',
    async (status, detail) => {
      const stored = await submittedEnrollment(
        t,
        lmaEnrollment(2, { name: `Held ${status} Dealers` }),
      )
      // A second connection does what the admin action does: lock the row, change the status,
      // and hold the transaction open while the representative clicks Authorize.
      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      try {
        await admin.query('begin')
        await admin.query('select id from enrollments where guid = $1 for update', [stored.guid])
        await admin.query(
          'update enrollments set status = $2, version = version + 1 where guid = $1',
          [stored.guid, status],
        )
        const pending = authorize(stored)
        await waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))
        await admin.query('commit')
        const response = await pending
        expect(response.statusCode).toBe(409)
        expect(response.json().detail).toBe(detail)
      } finally {
        await admin.end()
      }
      const reloaded = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
      expect(reloaded.status).toBe(status)
    },
  )

  it('authorizations released together with approvals never undo one', async () => {
    const count = 30
    const stored: WireEnrollment[] = []
    for (let index = 0; index < count; index++) {
      stored.push(
        await submittedEnrollment(t, lmaEnrollment(1, { name: `Burst ${index} Dealers` })),
      )
    }
    const results = await Promise.all(
      stored.flatMap((enrollment) => [
        t.asAdmin({ method: 'POST', url: `/api/enrollments/${enrollment.guid}/approve` }),
        authorize(enrollment),
      ]),
    )
    const approvals = results.filter((_, index) => index % 2 === 0)
    for (const [index, approval] of approvals.entries()) {
      const enrollment = stored[index]
      if (!enrollment) continue
      const reloaded = (await t.app.inject(`/api/enrollments/${enrollment.guid}`)).json()
      if (approval.statusCode === 200) expect(reloaded.status).toBe('Approved')
    }
    const invoices = await t.database.db
      .selectFrom('invoices')
      .select('enrollment_guid')
      .where(
        'enrollment_guid',
        'in',
        stored.map((enrollment) => enrollment.guid),
      )
      .execute()
    const approved = await t.database.db
      .selectFrom('enrollments')
      .select('guid')
      .where('status', '=', 'Approved')
      .where(
        'guid',
        'in',
        stored.map((enrollment) => enrollment.guid),
      )
      .execute()
    // Every invoiced enrollment is still Approved: none was turned back to Approving.
    expect(approved.map((row) => row.guid).sort()).toEqual(
      invoices.map((row) => row.enrollment_guid).sort(),
    )
  })
})
