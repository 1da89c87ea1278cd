import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEALER_ENTRY_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'

/**
 * The field descriptions name a column for each field of a dealer entry: a described field whose
 * migration is missing fails here, on the migrated database, before any query meets it.
 */
describe.each(testDatabaseKinds())(
  'the dealer entry’s columns after the migrations (%s)',
  (kind) => {
    let database: TestDatabase
    beforeAll(async () => {
      database = await createTestDatabase(kind)
    })
    afterAll(async () => {
      await database?.close()
    })

    const columnsOf = async (table: string) => {
      const { rows } = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_schema = current_schema() and table_name = ${table}`.execute(database.db)
      return new Set(rows.map((row) => row.column_name))
    }

    it('every described field has its column in enrollment_dealers', async () => {
      const columns = await columnsOf('enrollment_dealers')
      const missing = Object.entries(DEALER_ENTRY_FIELDS)
        .filter(([, field]) => !columns.has(field.column))
        .map(([name, field]) => `${name} (${field.column})`)
      expect(missing).toEqual([])
    })

    it('every field the BAC look-up takes from the directory has its column in dealer_directory', async () => {
      const columns = await columnsOf('dealer_directory')
      const missing = Object.entries(DEALER_ENTRY_FIELDS)
        .filter(([, field]) => field.lookup === 'directory' && !columns.has(field.column))
        .map(([name, field]) => `${name} (${field.column})`)
      expect(missing).toEqual([])
    })
  },
)
