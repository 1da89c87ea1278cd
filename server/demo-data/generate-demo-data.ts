import type { Brand } from '../../shared/config/public-config.js'
import {
  DEFAULT_PROGRAM_CALENDAR,
  type ProgramCalendar,
  programDates,
} from '../../shared/enrollment/program-dates.js'
import type { Region } from '../../shared/region/region.js'
import type { DealerDirectoryRow } from '../dealer-directory/dealer-directory-row.js'
import { createDealerPool, type DemoEnrollment, type DemoYearContext } from './demo-enrollment.js'
import { type DemoSalesEvent, demoSalesEvents } from './demo-events.js'
import { regionFinder } from './demo-regions.js'
import { createRandom } from './random.js'
import { dealerEnrollment } from './synthetic-dealer-enrollments.js'
import { generateDealers, share } from './synthetic-dealers.js'
import { lmaEnrollment } from './synthetic-lma-enrollments.js'
import { thisYearEnrollments } from './synthetic-this-year.js'

export interface DemoDataOptions {
  /** The current enrollment year; the demo enrollments are of the year before. */
  year: number
  brands: readonly Brand[]
  /** Directory dealers over all brands; 3,000 by default. */
  dealers?: number
  /** Dealer enrollments over all brands; 150 by default. */
  dealerEnrollments?: number
  /** LMA enrollments over all brands; 12 by default. */
  lmaEnrollments?: number
  /** PRNG seed: the same seed and options give the same data, guids included. */
  seed?: number
  /**
   * This year's demo enrollments are of the DEMO_PROGRAM_DAYS days before this moment, or before
   * the program's close (by `calendar`) once it has closed.
   */
  now?: Date
  calendar?: ProgramCalendar
}

export interface DemoData {
  directory: DealerDirectoryRow[]
  enrollments: DemoEnrollment[]
  /** Five sales events of each brand for last year and this year (demo-events.ts). */
  events: DemoSalesEvent[]
}

export const DEFAULT_DEMO_SEED = 20_250_101

/**
 * Synthetic, repeatable demo data: a dealer directory spread over the brands' BAC ranges,
 * last year's enrollments of its dealers, split evenly over the brands, and this year's so far
 * (thisYearEnrollments); the five sales events of each brand in each of the two years.
 */
/** Now, or the program's last moment once it has closed. */
function programEnd(options: DemoDataOptions): Date {
  const now = (options.now ?? new Date()).getTime()
  const { closes } = programDates(options.calendar ?? DEFAULT_PROGRAM_CALENDAR, options.year)
  return new Date(Math.min(now, closes.getTime() + 24 * 3600 * 1000 - 60_000))
}

export function generateDemoData(options: DemoDataOptions, regions: readonly Region[]): DemoData {
  const random = createRandom(options.seed ?? DEFAULT_DEMO_SEED)
  const { brands } = options
  const dealers = generateDealers(random, brands, options.dealers ?? 3000)
  const pool = createDealerPool(random, dealers)
  const context: DemoYearContext = {
    random,
    year: options.year - 1,
    regionFor: regionFinder(regions),
  }
  const enrollments: DemoEnrollment[] = []
  brands.forEach((brand, index) => {
    const dealerCount = share(options.dealerEnrollments ?? 150, brands.length, index)
    const lmaCount = share(options.lmaEnrollments ?? 12, brands.length, index)
    const lmaNames = new Set<string>()
    for (let i = 0; i < lmaCount; i++) {
      enrollments.push(lmaEnrollment(context, brand, pool, lmaNames))
    }
    for (let i = 0; i < dealerCount; i++) enrollments.push(dealerEnrollment(context, brand, pool))
  })
  enrollments.push(...thisYearEnrollments(random, enrollments, options.year, programEnd(options)))
  enrollments.sort((a, b) => toTime(a.enrollment.created_at) - toTime(b.enrollment.created_at))
  const directory = dealers.map(({ brand: _brand, areaCode: _areaCode, ...row }) => row)
  const seed = options.seed ?? DEFAULT_DEMO_SEED
  const events = demoSalesEvents(seed, brands, [options.year - 1, options.year])
  return { directory, enrollments, events }
}

function toTime(value: Date | string | undefined): number {
  return value === undefined ? 0 : new Date(value).getTime()
}
