import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import { migrateToLatest } from './migrate.js'
import { migrations } from './migrations/index.js'

describe.each(testDatabaseKinds())(
  'migration 0018 on a history written before it, on %s',
  (kind) => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await createTestDatabase(kind)
    })
    afterAll(() => database?.close())

    it('gives every entry its enrollment’s year, and a deleted one’s never earlier than it was', async () => {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
      })
      const down = await migrator.migrateTo('0017-audit-trail')
      expect(down.error).toBeUndefined()
      const kept = randomUUID()
      const invoiced = randomUUID()
      const deleted = randomUUID()
      await sql`insert into enrollments (guid, year, brand, type, status)
      values (${kept}, 2019, 'chevy', 'Dealer', 'Declined')`.execute(database.db)
      // Two deleted enrollments: one whose invoice outlived it, one with its history alone,
      // submitted in November 2020 (for the program year 2021).
      await sql`insert into invoices (enrollment_guid, invoice_number, invoice_year, invoice_date,
        terms, brand, brand_name, lma_name, bill_to_email, bill_to, remit_to, items,
        subtotal_cents, grand_total_cents)
      values (${invoiced}, '2018-0001', 2018, '2018-01-10', 'Net 60', 'chevy', 'Chevrolet',
        'LMA', 'lma@example.com', '[]', '[]', '[]', 0, 0)`.execute(database.db)
      for (const [guid, at] of [
        [kept, '2018-11-02T10:00:00Z'],
        [invoiced, '2017-12-01T10:00:00Z'],
        [invoiced, '2018-03-01T10:00:00Z'],
        [deleted, '2020-11-20T10:00:00Z'],
        [deleted, '2021-02-01T10:00:00Z'],
      ] as const) {
        await sql`insert into enrollment_history (enrollment_guid, action, actor, at, status_after)
        values (${guid}, 'submitted', 'someone', ${at}, 'Approving')`.execute(database.db)
      }

      expect(await migrateToLatest(database.db)).toContain('0018-data-retention')
      const rows = await database.db
        .selectFrom('enrollment_history')
        .select(['enrollment_guid', 'year'])
        .where('enrollment_guid', 'in', [kept, invoiced, deleted])
        .execute()
      expect(new Set(rows.map((row) => `${row.enrollment_guid} ${row.year}`))).toEqual(
        new Set([`${kept} 2019`, `${invoiced} 2018`, `${deleted} 2021`]),
      )
      expect(rows).toHaveLength(5)
    })
  },
)
