import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { waitFor } from '../test-support/wait-for.js'
import { rollOverYear } from './roll-over-year.js'

/** A Decline that commits while the rollover is between its list and its copy (PostgreSQL only). */
describe.runIf(hasPostgres())('rollover against an administrator on PostgreSQL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp('postgres')
  })
  afterAll(() => t.close())

  it('an enrollment declined while the rollover waits for it is not copied', async () => {
    const stored = await submittedEnrollment(t, dealerEnrollment())
    await t.database.db
      .updateTable('enrollments')
      .set({ status: 'Approved' })
      .where('guid', '=', stored.guid)
      .execute()
    const url = t.database.url ?? ''
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    try {
      await admin.query('begin')
      await admin.query('select id from enrollments where guid = $1 for update', [stored.guid])
      await admin.query(`update enrollments set status = 'Declined' where guid = $1`, [stored.guid])
      const rollover = rollOverYear(repositoriesOf(t.database.db), 2026, 'test')
      await waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))
      await admin.query('commit')
      expect(await rollover).toEqual({ from: 2025, to: 2026, created: 0, skipped: 1 })
    } finally {
      await admin.end()
    }
  })
})
