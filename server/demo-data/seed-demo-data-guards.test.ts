import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_PROGRAM_CALENDAR } from '../../shared/enrollment/program-dates.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import { seedDemoData } from './seed-demo-data.js'
import { seedDemoDataIfWanted } from './seed-demo-data-if-wanted.js'

const BRANDS = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]

describe.each(testDatabaseKinds())('seedDemoData guards on %s', (kind) => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase(kind)
  })
  afterAll(async () => {
    await database?.close()
  })

  it('seeds once when two instances start together', async () => {
    const results = await Promise.all([
      seedDemoData(repositoriesOf(database.db), { year: 2025, brands: BRANDS }),
      seedDemoData(repositoriesOf(database.db), { year: 2025, brands: BRANDS }),
    ])
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true])
    await database.db.deleteFrom('enrollments').execute()
    await database.db.deleteFrom('dealer_directory').execute()
  })

  it('leaves a database with a dealer directory alone', async () => {
    await database.db
      .insertInto('dealer_directory')
      .values({
        bac: '1',
        name: 'Real Dealer',
        address: '',
        city: '',
        state: 'MI',
        postal: '48226',
        country: 'USA',
      })
      .execute()
    expect(await seedDemoData(repositoriesOf(database.db), { year: 2025, brands: BRANDS })).toEqual(
      {
        seeded: false,
        reason: 'the dealer directory is not empty',
      },
    )
    const enrollments = await database.db.selectFrom('enrollments').select('id').execute()
    expect(enrollments).toEqual([])
  })

  it('seeds only when the configuration asks for it', async () => {
    await database.db.deleteFrom('dealer_directory').execute()
    const config = { DATABASE_URL: undefined, isProduction: true, DEMO_DATA: undefined }
    const settings = {
      ENROLLMENT_YEAR: 2030,
      BRANDS,
      REMIT_TO: ['Program Office', 'PO Box 1'],
      programCalendar: DEFAULT_PROGRAM_CALENDAR,
    }
    expect(
      await seedDemoDataIfWanted(repositoriesOf(database.db), { ...config, ...settings }),
    ).toBeNull()
    const result = await seedDemoDataIfWanted(repositoriesOf(database.db), {
      ...config,
      ...settings,
      DEMO_DATA: true,
    })
    expect(result).toMatchObject({ seeded: true, year: 2029 })
  })
})
