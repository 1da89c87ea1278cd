import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEnrollmentRepository } from '../enrollment/enrollment-repository.js'
import { dealerEntry, lmaRecord } from '../test-support/enrollment-fixtures.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import * as dashboardFigures from './migrations/0009-dashboard-figures.js'
import type { Database } from './schema.js'

/**
 * The dealer-row counts the database keeps on each enrollment for the dashboard (migration
 * 0009): whatever writes the rows, the counts are those of the rows.
 */
describe.each(testDatabaseKinds())('dealer-row counts on enrollments (%s)', (kind) => {
  let database: TestDatabase
  let db: Kysely<Database>

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    db = database.db
  })
  afterAll(async () => {
    await database?.close()
  })

  /** Enrollments whose kept counts differ from a count of their rows now. */
  async function wrongCounts(): Promise<unknown[]> {
    const { rows } = await sql`
      select e.guid from enrollments e
      left join lateral (
        select count(*) as all_rows,
          count(*) filter (where billing <> 'None' and kit_size = 'Large' and hispanic = 'Yes') as ly,
          count(*) filter (where billing <> 'None' and kit_size = 'Large' and hispanic = 'No') as ln,
          count(*) filter (where billing <> 'None' and kit_size = 'Large' and hispanic = 'Only') as lo,
          count(*) filter (where billing <> 'None' and kit_size = 'Small' and hispanic = 'Yes') as sy,
          count(*) filter (where billing <> 'None' and kit_size = 'Small' and hispanic = 'No') as sn,
          count(*) filter (where billing <> 'None' and kit_size = 'Small' and hispanic = 'Only') as so
        from enrollment_dealers d where d.enrollment_id = e.id) c on true
      where e.dealer_rows <> c.all_rows or e.ordering_large_yes <> c.ly
        or e.ordering_large_no <> c.ln or e.ordering_large_only <> c.lo
        or e.ordering_small_yes <> c.sy or e.ordering_small_no <> c.sn
        or e.ordering_small_only <> c.so`.execute(db)
    return rows
  }

  async function countsOf(guid: string) {
    return db
      .selectFrom('enrollments')
      .select([
        'dealer_rows',
        'ordering_large_yes',
        'ordering_large_no',
        'ordering_large_only',
        'ordering_small_yes',
        'ordering_small_no',
        'ordering_small_only',
      ])
      .where('guid', '=', guid)
      .executeTakeFirstOrThrow()
  }

  const lmaRows = () => [
    dealerEntry({ kitSize: 'Large', hispanic: 'Yes' }),
    dealerEntry({ kitSize: 'Large', hispanic: 'Yes' }),
    dealerEntry({ kitSize: 'Small', hispanic: 'Only' }),
    // Billed to no one: a dealer row that orders nothing.
    dealerEntry({ kitSize: 'Small', hispanic: 'No', billing: 'None' }),
    // No kit size: nothing either.
    dealerEntry({ kitSize: 'None', hispanic: 'No' }),
  ]

  async function insertLma() {
    const repository = createEnrollmentRepository(db)
    return db.transaction().execute((trx) =>
      repository.insert(trx, {
        guid: randomUUID(),
        year: 2025,
        brand: 'chevy',
        type: 'Lma',
        status: 'Authorizing',
        regionId: null,
        lma: lmaRecord({ name: `Counted LMA ${randomUUID()}` }),
        dealers: lmaRows(),
      }),
    )
  }

  it('counts the rows of a new enrollment, and what each kit figure orders', async () => {
    const stored = await insertLma()
    expect(await countsOf(stored.guid)).toEqual({
      dealer_rows: 5,
      ordering_large_yes: 2,
      ordering_large_no: 0,
      ordering_large_only: 0,
      ordering_small_yes: 0,
      ordering_small_no: 0,
      ordering_small_only: 1,
    })
  })

  it('follows an edit that replaces the rows, an update of one row and a delete', async () => {
    const repository = createEnrollmentRepository(db)
    const stored = await insertLma()
    await db.transaction().execute((trx) =>
      repository.replaceContent(trx, stored, {
        regionId: null,
        lma: stored.lma,
        dealers: [dealerEntry({ kitSize: 'Small', hispanic: 'Yes' })],
      }),
    )
    expect(await countsOf(stored.guid)).toMatchObject({
      dealer_rows: 1,
      ordering_large_yes: 0,
      ordering_small_only: 0,
      ordering_small_yes: 1,
    })

    await db
      .updateTable('enrollment_dealers')
      .set({ kit_size: 'Large' })
      .where('enrollment_id', '=', stored.id)
      .execute()
    expect(await countsOf(stored.guid)).toMatchObject({
      dealer_rows: 1,
      ordering_small_yes: 0,
      ordering_large_yes: 1,
    })

    await db.deleteFrom('enrollment_dealers').where('enrollment_id', '=', stored.id).execute()
    expect(await countsOf(stored.guid)).toMatchObject({ dealer_rows: 0, ordering_large_yes: 0 })
    expect(await wrongCounts()).toEqual([])
  })

  it('keeps every enrollment of one statement exact, and an enrollment deleted with its rows', async () => {
    const first = await insertLma()
    const second = await insertLma()
    // One statement over the rows of two enrollments (as a bulk fix in SQL would be).
    await db
      .updateTable('enrollment_dealers')
      .set({ billing: 'None' })
      .where('enrollment_id', 'in', [first.id, second.id])
      .where('kit_size', '=', 'Large')
      .execute()
    expect(await countsOf(first.guid)).toMatchObject({ dealer_rows: 5, ordering_large_yes: 0 })
    expect(await countsOf(second.guid)).toMatchObject({ dealer_rows: 5, ordering_small_only: 1 })
    await db.deleteFrom('enrollments').where('id', '=', first.id).execute()
    expect(await wrongCounts()).toEqual([])
  })

  it('counts the rows already there when the migration runs', async () => {
    await insertLma()
    await dashboardFigures.down(db as Kysely<unknown>)
    // Rows written with no counts kept: an enrollment from before the migration.
    const before = await insertLma()
    await dashboardFigures.up(db as Kysely<unknown>)
    expect(await countsOf(before.guid)).toMatchObject({
      dealer_rows: 5,
      ordering_large_yes: 2,
      ordering_small_only: 1,
    })
    expect(await wrongCounts()).toEqual([])
  })
})
