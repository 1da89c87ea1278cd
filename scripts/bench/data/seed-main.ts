import type { Kysely } from 'kysely'
import type { Database } from '../../../server/db/schema.js'
import type { DemoEnrollment } from '../../../server/demo-data/demo-enrollment.js'
import { benchDirectory, enrollmentStream } from './bench-data.js'
import { bacPrefixes, searchTerms } from './search-terms.js'
import { analyze, insertDirectory, insertEnrollments, insertHistory } from './seed-bench-data.js'

export interface MainDataOptions {
  dealers: number
  /** Enrollments in `year` (and in each year before it). */
  enrollments: number
  lmaShare: number
  year: number
  /** Years of enrollments, `year` and those before it (the dashboard compares with the last). */
  years?: number
}

export interface MainData {
  dealers: number
  enrollments: number
  /** Of `year`. */
  dealerRows: number
  years: number
  /** What the years before `year` hold. */
  earlierYears: { enrollments: number; dealerRows: number }
  /** Admin list searches, from the seeded enrollments. */
  searchTerms: string[]
  /** BAC type-ahead input. */
  bacPrefixes: string[]
  /** An LMA name fragment that exists. */
  lmaNameText: string
  seconds: number
}

/** The benchmark's main data: the dealer directory and one year of enrollments. */
export async function seedMainData(
  db: Kysely<Database>,
  options: MainDataOptions,
): Promise<MainData> {
  const started = performance.now()
  const directory = benchDirectory(options.dealers)
  await insertDirectory(db, directory)
  const regions = await db.selectFrom('regions').select(['id', 'name']).execute()
  const stream = enrollmentStream({
    dealers: directory,
    regions,
    year: options.year,
    perYear: options.enrollments,
    lmaShare: options.lmaShare,
  })
  const years = options.years ?? 1
  const enrollments: DemoEnrollment[] = []
  for (const item of stream) {
    enrollments.push(item)
    if (enrollments.length >= options.enrollments * years) break
  }
  const listed = enrollments.slice(0, options.enrollments)
  const written = await insertEnrollments(db, listed)
  const earlier = await insertEnrollments(db, enrollments.slice(options.enrollments))
  await insertHistory(db, enrollments)
  await analyze(db)
  const lma = listed.find((item) => item.enrollment.lma_name_key)
  return {
    dealers: directory.length,
    enrollments: written.enrollments,
    dealerRows: written.dealerRows,
    years,
    earlierYears: earlier,
    searchTerms: searchTerms(listed, 200),
    bacPrefixes: bacPrefixes(
      directory.map((dealer) => dealer.bac),
      5000,
    ),
    lmaNameText: lma?.enrollment.lma_name_key?.split(' ').slice(0, 2).join(' ') ?? 'greater',
    seconds: (performance.now() - started) / 1000,
  }
}
