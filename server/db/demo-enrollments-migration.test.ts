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
  'migration 0012 on demo data seeded before it, on %s',
  (kind) => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await createTestDatabase(kind)
    })
    afterAll(() => database?.close())

    it('marks the demo enrollments by their history and drops their unsent mails', async () => {
      const migrator = new Migrator({
        db: database.db,
        provider: { getMigrations: async () => migrations },
      })
      const down = await migrator.migrateTo('0010-drop-bac-prefix-index')
      expect(down.error).toBeUndefined()
      const demo = randomUUID()
      const real = randomUUID()
      for (const [guid, actor] of [
        [demo, 'demo data'],
        [real, 'Casey Contact <casey@example.com>'],
      ] as const) {
        await sql`insert into enrollments (guid, year, brand, type, status)
        values (${guid}, 2025, 'chevy', 'Lma', 'Authorizing')`.execute(database.db)
        await sql`insert into enrollment_history (enrollment_guid, action, actor, status_after)
        values (${guid}, 'submitted', ${actor}, 'Authorizing')`.execute(database.db)
        await sql`insert into outbox (kind, recipient, subject, html, text, enrollment_guid)
        values ('authorization-reminder', 'rep@example.com', 'Reminder', '', '', ${guid})`.execute(
          database.db,
        )
      }

      expect(await migrateToLatest(database.db)).toContain('0012-demo-enrollments')
      const marked = await database.db
        .selectFrom('enrollments')
        .select(['guid', 'demo'])
        .where('guid', 'in', [demo, real])
        .execute()
      expect(Object.fromEntries(marked.map((row) => [row.guid, row.demo]))).toEqual({
        [demo]: true,
        [real]: false,
      })
      const mails = await database.db
        .selectFrom('outbox')
        .select('enrollment_guid')
        .where('enrollment_guid', 'in', [demo, real])
        .execute()
      expect(mails).toEqual([{ enrollment_guid: real }])
    })
  },
)
