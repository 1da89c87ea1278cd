import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import { createDealerDirectoryRepository } from './dealer-directory-repository.js'
import { type DealerDirectoryRow, directoryRowOf } from './dealer-directory-row.js'
import { parseDealerCsv } from './parse-dealer-csv.js'

/**
 * A field newly marked `lookup: 'directory'` in the field descriptions (here `website`, with the
 * column its migration would add) is written to the directory by the dealer master file's import
 * and by an approval (both build the row with directoryRowOf), with no other list to extend.
 */
vi.mock('../../shared/enrollment/dealer-entry-fields.js', async (importOriginal) => {
  const real =
    await importOriginal<typeof import('../../shared/enrollment/dealer-entry-fields.js')>()
  const fields = {
    ...real.DEALER_ENTRY_FIELDS,
    website: {
      column: 'website',
      empty: '',
      onLmaRow: '',
      lookup: 'directory',
      retention: '',
      export: { header: 'Dealer Website', width: 24 },
    },
  } as const
  const names = Object.keys(fields) as (keyof typeof fields)[]
  return {
    ...real,
    DEALER_ENTRY_FIELDS: fields,
    DEALER_FIELDS: names,
    dealerFieldsLookedUpFrom: (source: string) =>
      names.filter((name) => fields[name].lookup === source),
  }
})

const websiteOf = (row: DealerDirectoryRow | undefined) =>
  (row as Record<string, string> | undefined)?.website

/** An approved dealer's entry, as approveEnrollment has it, with the new field. */
const approvedEntry = {
  bac: ' ab12 ',
  name: 'Riverside Chevrolet',
  address: '1 Main St',
  city: 'Detroit',
  state: 'MI',
  postal: '48226',
  country: 'USA',
  authName: 'Ann Lee',
  authTitle: 'Owner',
  authEmailAddress: 'ann@example.com',
  authPhoneNumber: '3135550100',
  authFaxNumber: '',
  kitSize: 'Large',
  hispanic: 'No',
  billing: 'Dealer',
  website: 'https://riverside.example',
}

describe('a new directory field', () => {
  it('is read from its column of the dealer master file', () => {
    const { rows, errors, warnings } = parseDealerCsv(
      'BAC,Dealer Name,State,ZIP,Dealer Website\n112233,Riverside Chevrolet,MI,48226,https://riverside.example\n',
    )
    expect(errors).toEqual([])
    expect(warnings).toEqual([])
    expect(rows).toHaveLength(1)
    expect(websiteOf(rows[0])).toBe('https://riverside.example')
  })

  it("is taken from an approved dealer's entry, the BAC by its key, no other field", () => {
    expect(directoryRowOf(approvedEntry)).toEqual({
      bac: 'AB12',
      name: 'Riverside Chevrolet',
      address: '1 Main St',
      city: 'Detroit',
      state: 'MI',
      postal: '48226',
      country: 'USA',
      website: 'https://riverside.example',
    })
  })
})

describe.each(testDatabaseKinds())('a new directory field in the directory on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    // The field's migration.
    await sql`alter table dealer_directory add column website text not null default ''`.execute(
      database.db,
    )
  })
  afterAll(async () => {
    await database?.close()
  })

  it('is inserted with a new BAC and overwritten on a known one', async () => {
    const repository = createDealerDirectoryRepository(database.db)
    const stored = async () => {
      const { rows } = await sql<{ website: string }>`
        select website from dealer_directory where bac = 'AB12'`.execute(database.db)
      return rows.map((row) => row.website)
    }
    expect(await repository.upsertMany([directoryRowOf(approvedEntry)])).toEqual({
      inserted: 1,
      updated: 0,
    })
    expect(await stored()).toEqual(['https://riverside.example'])

    const moved = { ...approvedEntry, website: 'https://riverside-chevrolet.example' }
    expect(await repository.upsertMany([directoryRowOf(moved)])).toEqual({
      inserted: 0,
      updated: 1,
    })
    expect(await stored()).toEqual(['https://riverside-chevrolet.example'])
  })
})
