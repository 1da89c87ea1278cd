import type { MainData } from '../data/seed-main.js'
import type { ServerProcess } from '../server-process.js'
import { type BenchRow, ms, progress, times } from '../table.js'
import { timedRequests } from '../timed-requests.js'

export interface DashboardOptions {
  connections: number
  duration: number
  year: number
  token: string
}

/**
 * The dashboard of a full year beside the year before it (docs/product.md#dashboard), all
 * brands and one, against the admin list of an empty year: sign-in check, query, no rows.
 */
export async function benchDashboard(
  server: ServerProcess,
  data: MainData,
  options: DashboardOptions,
): Promise<BenchRow[]> {
  const headers = { authorization: `Bearer ${options.token}`, 'accept-encoding': 'gzip' }
  const run = (path: string, seconds = options.duration) =>
    timedRequests({
      url: server.url,
      headers,
      next: () => path,
      connections: options.connections,
      seconds,
    })
  const loadText = `${options.connections} conn, ${options.duration} s`
  progress('dashboard: warming up')
  await run(`/api/dashboard?year=${options.year}`, 2)
  progress(`admin list of an empty year (the baseline): ${loadText}`)
  const empty = await run(`/api/enrollments?year=${options.year - 50}`)
  progress(`dashboard, all brands: ${loadText}`)
  const all = await run(`/api/dashboard?year=${options.year}`)
  progress(`dashboard, one brand: ${loadText}`)
  const brand = await run(`/api/dashboard?year=${options.year}&brand=chevy`)
  const baseline = `empty year: p50 ${ms(empty.p50)}, p99 ${ms(empty.p99)}`
  const errors = (count: number) => (count === 0 ? '' : `, ${count} ERRORS`)
  const n = (value: number) => value.toLocaleString('en-US')
  const scale = `${n(data.enrollments)} enrollments and ${n(data.dealerRows)} dealer rows, beside ${n(data.earlierYears.enrollments)} and ${n(data.earlierYears.dealerRows)} the year before`
  return [
    {
      path: `Dashboard of a year, all brands (${scale})`,
      load: loadText,
      result: `p50 ${ms(all.p50)}, p99 ${ms(all.p99)} (n=${all.count})${errors(all.errors)}`,
      baseline,
      ratio: `${times(all.p50 / empty.p50)} p50, ${times(all.p99 / empty.p99)} p99`,
    },
    {
      path: 'Dashboard, same year, one brand',
      load: loadText,
      result: `p50 ${ms(brand.p50)}, p99 ${ms(brand.p99)} (n=${brand.count})${errors(brand.errors)}`,
      baseline,
      ratio: `${times(brand.p50 / empty.p50)} p50, ${times(brand.p99 / empty.p99)} p99`,
    },
  ]
}
