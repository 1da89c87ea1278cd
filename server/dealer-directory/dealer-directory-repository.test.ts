import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import { createDealerDirectoryRepository } from './dealer-directory-repository.js'
import type { DealerDirectoryRow } from './dealer-directory-row.js'

function dealer(bac: string, fields: Partial<DealerDirectoryRow> = {}): DealerDirectoryRow {
  return {
    bac,
    name: `Dealer ${bac}`,
    address: '1 Main St',
    city: 'Detroit',
    state: 'MI',
    postal: '48226',
    country: 'USA',
    ...fields,
  }
}

describe.each(testDatabaseKinds())('dealer directory repository on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })
  beforeEach(async () => {
    await database.db.deleteFrom('dealer_directory').execute()
  })

  it('inserts new BACs and counts them', async () => {
    const repository = createDealerDirectoryRepository(database.db)
    expect(await repository.count()).toBe(0)
    expect(await repository.upsertMany([dealer('1'), dealer('2')])).toEqual({
      inserted: 2,
      updated: 0,
    })
    expect(await repository.count()).toBe(2)
    expect(await repository.upsertMany([])).toEqual({ inserted: 0, updated: 0 })
  })

  it('overwrites the fields of a known BAC and moves its updated_at', async () => {
    const repository = createDealerDirectoryRepository(database.db)
    await repository.upsertMany([dealer('112233')])
    const before = await database.db
      .selectFrom('dealer_directory')
      .select('updated_at')
      .executeTakeFirstOrThrow()
    await new Promise((resolve) => setTimeout(resolve, 20))

    const changed = dealer('112233', {
      name: 'Riverside Chevrolet',
      address: '9 Elm St',
      city: 'Toledo',
      state: 'OH',
      postal: '43604',
    })
    expect(await repository.upsertMany([changed, dealer('445566')])).toEqual({
      inserted: 1,
      updated: 1,
    })
    const stored = await database.db
      .selectFrom('dealer_directory')
      .selectAll()
      .where('bac', '=', '112233')
      .executeTakeFirstOrThrow()
    expect(stored).toMatchObject(changed)
    expect(new Date(stored.updated_at).getTime()).toBeGreaterThan(
      new Date(before.updated_at).getTime(),
    )
    expect(await repository.count()).toBe(2)
  })

  it('writes more rows than one batch holds, the last of a repeated BAC winning', async () => {
    const repository = createDealerDirectoryRepository(database.db)
    const rows = Array.from({ length: 1201 }, (_, index) => dealer(String(100000 + index)))
    rows.push(dealer('100000', { name: 'Last One' }))
    expect(await repository.upsertMany(rows)).toEqual({ inserted: 1201, updated: 0 })
    expect(await repository.count()).toBe(1201)
    const first = await database.db
      .selectFrom('dealer_directory')
      .select('name')
      .where('bac', '=', '100000')
      .executeTakeFirstOrThrow()
    expect(first.name).toBe('Last One')
  })

  it('joins the transaction it is given', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await createDealerDirectoryRepository(trx).upsertMany([dealer('777')])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await createDealerDirectoryRepository(database.db).count()).toBe(0)
  })
})
