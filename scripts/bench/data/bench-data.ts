import type { DemoEnrollment, DemoYearContext } from '../../../server/demo-data/demo-enrollment.js'
import { regionFinder } from '../../../server/demo-data/demo-regions.js'
import { createRandom, type Random } from '../../../server/demo-data/random.js'
import { dealerEnrollment } from '../../../server/demo-data/synthetic-dealer-enrollments.js'
import { type DemoDealer, generateDealers } from '../../../server/demo-data/synthetic-dealers.js'
import { lmaEnrollment } from '../../../server/demo-data/synthetic-lma-enrollments.js'
import type { Brand } from '../../../shared/config/public-config.js'
import type { Region } from '../../../shared/region/region.js'
import { createBenchPool } from './bench-pool.js'

export const BENCH_BRANDS: readonly Brand[] = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]

export const BENCH_SEED = 7_000_001

/** The dealer directory of the benchmark: `count` dealers split over the brands. */
export function benchDirectory(count: number, seed = BENCH_SEED): DemoDealer[] {
  return generateDealers(createRandom(seed), BENCH_BRANDS, count)
}

export interface EnrollmentStreamOptions {
  dealers: readonly DemoDealer[]
  regions: readonly Region[]
  /** The newest year; later enrollments go back a year at a time. */
  year: number
  /** Enrollments per year, over all brands. */
  perYear: number
  /** Share of LMA enrollments (4 to 15 dealer rows each); the rest enroll one dealer. */
  lmaShare: number
  seed?: number
}

/**
 * An endless, repeatable stream of enrollments: `perYear` in `year`, then as many in the year
 * before, and so on, made by the demo-data generator. Statuses are mixed as in a live year.
 */
export function* enrollmentStream(options: EnrollmentStreamOptions): Generator<DemoEnrollment> {
  const random = createRandom((options.seed ?? BENCH_SEED) + 1)
  const regionFor = regionFinder(options.regions)
  for (let year = options.year; ; year--) {
    const context: DemoYearContext = { random, year, regionFor }
    const pool = createBenchPool(random, options.dealers)
    const lmaNames = new Map(BENCH_BRANDS.map((brand) => [brand.key, new Set<string>()]))
    for (let i = 0; i < options.perYear; i++) {
      const brand = BENCH_BRANDS[i % BENCH_BRANDS.length] as Brand
      const item = random.chance(options.lmaShare)
        ? lmaEnrollment(context, brand, pool, lmaNames.get(brand.key) ?? new Set())
        : dealerEnrollment(context, brand, pool)
      yield withLiveStatus(random, item)
    }
  }
}

/** Most enrollments of a year are approved; some still wait for approval or authorization. */
function withLiveStatus(random: Random, item: DemoEnrollment): DemoEnrollment {
  const { enrollment } = item
  if (enrollment.status !== 'Approved') return item
  const roll = random.next()
  if (enrollment.type === 'Lma' && roll < 0.1) enrollment.status = 'Authorizing'
  else if (roll < 0.3) enrollment.status = 'Approving'
  return item
}

/** The first enrollments of the stream that hold exactly `rows` dealer rows in all. */
export function* takeDealerRows(
  stream: Iterator<DemoEnrollment>,
  rows: number,
): Generator<DemoEnrollment> {
  let left = rows
  while (left > 0) {
    const next = stream.next()
    if (next.done) return
    const item = next.value
    if (item.dealers.length > left) item.dealers = item.dealers.slice(0, left)
    left -= item.dealers.length
    yield item
  }
}
