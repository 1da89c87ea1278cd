import { randomUUID } from 'node:crypto'
import { migrateToLatest } from '../../../server/db/migrate.js'
import { devSignIn } from '../../../server/test-support/dev-sign-in.js'
import { dealerEnrollment } from '../../../server/test-support/enrollment-fixtures.js'
import type { BenchDatabase } from '../bench-database.js'
import { mainThreadCpuMs, startServer } from '../server-process.js'
import { type BenchRow, ms, progress, quantile, seconds, times } from '../table.js'

export interface TrackingUploadOptions {
  /** Rows of the file (and dealers of the release). */
  rows: number
  serverEnv: Record<string, string>
  /** The server's ENROLLMENT_YEAR: the event's year and the public submissions'. */
  year: number
}

/** The budget of docs/performance.md: a second of server time per 1,000 rows. */
const BUDGET_MS_PER_1000 = 1000

interface Probe {
  p50: number
  p99: number
  max: number
  count: number
}

/**
 * The vendor's tracking upload (docs/product.md#tracking-upload): a release of `rows` dealers
 * stored as a release stores it, then the vendor uploads a CSV of one package per dealer, and
 * the same file again (every row compared, none added). Meanwhile /healthz and a public
 * submission are answered one after the other: what other users wait for.
 */
export async function benchTrackingUpload(
  database: BenchDatabase,
  options: TrackingUploadOptions,
): Promise<BenchRow[]> {
  progress(`tracking upload: seeding a release of ${options.rows.toLocaleString('en-US')} dealers`)
  const handle = await database.open()
  await migrateToLatest(handle.db)
  const event = await handle.db
    .insertInto('sales_events')
    .values({
      guid: randomUUID(),
      brand: 'chevy',
      year: options.year,
      number: 1,
      name: 'Benchmark Sales Event',
      name_key: 'benchmark sales event',
      ship_by: `${options.year}-03-01`,
      in_store_from: `${options.year}-03-15`,
      in_store_to: `${options.year}-04-15`,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const release = await handle.db
    .insertInto('manifest_releases')
    .values({
      event_id: event.id,
      number: 1,
      released_by: 'bench',
      row_count: options.rows,
      change_count: options.rows,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const bacs = Array.from(
    { length: options.rows },
    (_, index) => `T${String(index).padStart(7, '0')}`,
  )
  for (let start = 0; start < bacs.length; start += 1000) {
    await handle.db
      .insertInto('manifest_release_rows')
      .values(
        bacs.slice(start, start + 1000).map((bac, index) => ({
          release_id: release.id,
          position: start + index + 1,
          change: 'added',
          bac,
          bac_key: bac,
          dealer_name: `Tracking Motors ${start + index}`,
          address: '1 Benchmark Way',
          city: 'Detroit',
          state: 'MI',
          postal: '48201',
          country: 'USA',
          english_kit: 'Large',
          english_kits: 1,
          hispanic_kit: null,
          hispanic_kits: 0,
          reference: `CHEVY-BENCH-${start + index}`,
          enrollment_guid: randomUUID(),
          region_id: null,
        })),
      )
      .execute()
  }
  await handle.close()
  const code = `CHEVY-${options.year}-1`
  const file = `BAC,Event Code,Carrier,Tracking Number,Shipped Date\r\n${bacs
    .map((bac, index) => `${bac},${code},UPS,1ZBENCH${index},${options.year}-02-20`)
    .join('\r\n')}\r\n`

  const server = await startServer({ env: { ...options.serverEnv, ...database.env } })
  try {
    const { tokens } = await devSignIn(server.url, 'vendor@example.com')
    const idle = await probe(server.url, options.year, new Promise((r) => setTimeout(r, 2000)))
    const upload = async () => {
      const cpuBefore = mainThreadCpuMs(server.pid)
      const started = performance.now()
      const answer = await fetch(`${server.url}/api/shipping/tracking`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.id_token}`, 'content-type': 'text/csv' },
        body: file,
      })
      const body = await answer.text()
      const elapsed = performance.now() - started
      if (!answer.ok)
        throw new Error(`The tracking upload answered ${answer.status}: ${body.slice(0, 300)}`)
      return { elapsed, cpu: mainThreadCpuMs(server.pid) - cpuBefore, body }
    }
    progress(`tracking upload: POST /api/shipping/tracking, ${options.rows} rows`)
    const firstCall = upload()
    const during = await probe(server.url, options.year, firstCall)
    const first = await firstCall
    progress('tracking upload: the same file again')
    const again = await upload()
    const budget = (options.rows / 1000) * BUDGET_MS_PER_1000
    const rows = options.rows.toLocaleString('en-US')
    const row = (label: string, run: { elapsed: number; cpu: number; body: string }) => ({
      path: `Tracking upload, ${rows} rows (${label})`,
      load: '1 request, CSV',
      result: `${seconds(run.elapsed / 1000)}, server main thread ${seconds(run.cpu / 1000)}; ${run.body}`,
      baseline: `budget ${seconds(budget / 1000)} (1 s per 1,000 rows)`,
      ratio: `${times(run.elapsed / budget)} budget`,
    })
    return [
      row('new shipments', first),
      row('the same file again', again),
      {
        path: `GET /healthz and a public submission during the upload of ${rows} rows`,
        load: `${during.count} requests, one after the other`,
        result: `p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, max ${ms(during.max)}`,
        baseline: `the idle server: p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}`,
        ratio: `${times(during.max / 1000)} of a second at most`,
      },
    ]
  } finally {
    await server.stop()
  }
}

let submissions = 0

/**
 * GET /healthz and a public dealer submission (a new BAC each), in turn 20 ms apart, until
 * `until` settles: their answer times.
 */
async function probe(url: string, year: number, until: Promise<unknown>): Promise<Probe> {
  let done = false
  const stop = () => {
    done = true
  }
  until.then(stop, stop)
  const latencies: number[] = []
  while (!done) {
    const n = ++submissions
    const started = performance.now()
    const answer =
      n % 2 === 0
        ? await fetch(`${url}/healthz`)
        : await fetch(`${url}/api/enrollments`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(
              dealerEnrollment(
                {
                  bac: `U${String(n).padStart(8, '0')}`,
                  name: `Upload Probe Motors ${n}`,
                  authEmailAddress: `probe.${n}@benchmark.example.com`,
                },
                { year },
              ),
            ),
          })
    await answer.arrayBuffer()
    if (!answer.ok) throw new Error(`${answer.url} answered ${answer.status} during the upload`)
    latencies.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const sorted = latencies.sort((a, b) => a - b)
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? 0,
    count: sorted.length,
  }
}
