import type { Config } from '../config/config.js'
import type { DealerDirectoryRepository } from '../dealer-directory/dealer-directory-repository.js'
import type { EnrollmentRepository } from '../enrollment/enrollment-repository.js'
import { isDemoDataWanted } from './demo-data-wanted.js'
import type { DemoDataContext, SeedDemoDataResult } from './seed-demo-data.js'

/** The app's repositories on the database (server/app-context.ts; main.ts makes them). */
export interface SeedIfWantedContext extends DemoDataContext {
  enrollments: EnrollmentRepository
  dealerDirectory: DealerDirectoryRepository
}

/**
 * The start-up hook: seeds demo data for the configured year and brands when the configuration
 * asks for it (isDemoDataWanted); null when it does not.
 */
export async function seedDemoDataIfWanted(
  context: SeedIfWantedContext,
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
  if (!(await looksUntouched(context))) {
    return { seeded: false, reason: 'the database already has data' }
  }
  const { seedDemoData } = await import('./seed-demo-data.js')
  return seedDemoData(context, {
    year: config.ENROLLMENT_YEAR,
    brands: config.BRANDS,
    remitTo: config.REMIT_TO,
    calendar: config.programCalendar,
  })
}

async function looksUntouched(context: SeedIfWantedContext): Promise<boolean> {
  const [enrollment, dealer] = await Promise.all([
    context.enrollments.any(),
    context.dealerDirectory.any(),
  ])
  return !enrollment && !dealer
}
