import type { Kysely } from 'kysely'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import { createDealerDirectoryRepository } from '../dealer-directory/dealer-directory-repository.js'
import { createEnrollmentRepository } from '../enrollment/enrollment-repository.js'
import { isDemoDataWanted } from './demo-data-wanted.js'
import type { SeedDemoDataResult } from './seed-demo-data.js'

/**
 * The start-up hook: seeds demo data for the configured year and brands when the configuration
 * asks for it (isDemoDataWanted); null when it does not.
 */
export async function seedDemoDataIfWanted(
  db: Kysely<Database>,
  config: Pick<
    Config,
    | 'DATABASE_URL'
    | 'isProduction'
    | 'DEMO_DATA'
    | 'ENROLLMENT_YEAR'
    | 'BRANDS'
    | 'REMIT_TO'
    | 'programCalendar'
  >,
): Promise<SeedDemoDataResult | null> {
  if (!isDemoDataWanted(config)) return null
  // Most starts find data there already: the generator is loaded only for a database that may
  // need it. seedDemoData checks again, under its lock, before it writes anything.
  if (!(await looksUntouched(db))) {
    return { seeded: false, reason: 'the database already has data' }
  }
  const { seedDemoData } = await import('./seed-demo-data.js')
  return seedDemoData(db, {
    year: config.ENROLLMENT_YEAR,
    brands: config.BRANDS,
    remitTo: config.REMIT_TO,
    calendar: config.programCalendar,
  })
}

async function looksUntouched(db: Kysely<Database>): Promise<boolean> {
  const [enrollment, dealer] = await Promise.all([
    createEnrollmentRepository(db).any(),
    createDealerDirectoryRepository(db).any(),
  ])
  return !enrollment && !dealer
}
