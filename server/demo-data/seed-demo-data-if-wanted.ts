import type { Kysely } from 'kysely'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import { isDemoDataWanted } from './demo-data-wanted.js'
import { type SeedDemoDataResult, seedDemoData } from './seed-demo-data.js'

/**
 * The start-up hook: seeds demo data for the configured year and brands when the configuration
 * asks for it (isDemoDataWanted); null when it does not.
 */
export async function seedDemoDataIfWanted(
  db: Kysely<Database>,
  config: Pick<
    Config,
    'DATABASE_URL' | 'isProduction' | 'DEMO_DATA' | 'ENROLLMENT_YEAR' | 'BRANDS' | 'REMIT_TO'
  >,
): Promise<SeedDemoDataResult | null> {
  if (!isDemoDataWanted(config)) return null
  return seedDemoData(db, {
    year: config.ENROLLMENT_YEAR,
    brands: config.BRANDS,
    remitTo: config.REMIT_TO,
  })
}
