import { spawn } from 'node:child_process'
import { migrateToLatest } from '../../../server/db/migrate.js'
import type { Region } from '../../../shared/region/region.js'
import { adminIdToken } from '../admin-token.js'
import type { BenchDatabase } from '../bench-database.js'
import { benchDirectory, enrollmentStream, takeDealerRows } from '../data/bench-data.js'
import { analyze, insertEnrollments } from '../data/seed-bench-data.js'
import type { BaselineInput, BaselineResult } from '../export-baseline.js'
import { startServer } from '../server-process.js'
import { type BenchRow, kb, mb, ms, progress, quantile, seconds, times } from '../table.js'

export interface ExportOptions {
  /** Dealer rows in the database at each step, growing. */
  rows: number[]
  dealers: number
  perYear: number
  lmaShare: number
  /** The newest year of the export data. */
  year: number
  serverEnv: Record<string, string>
  /** V8's old-space cap of the server and the baseline, in MB; 0 leaves V8's default. */
  heapMb: number
  /** More flags of the export's server (a CPU profile's). */
  nodeFlags?: string[]
}

/** /healthz answered one after the other, 20 ms apart: the server's answer time. */
interface Probe {
  p50: number
  p99: number
  max: number
  count: number
}

interface Step {
  rows: number
  server?:
    | {
        seconds: number
        bytes: number
        idleMb: number
        peakMb: number
        /** /healthz on the idle server, then while it exports. */
        idle: Probe
        during: Probe
      }
    | string
  baseline: BaselineResult
}

/**
 * The Excel export at growing sizes: for each, the database gets the next dealer rows, a fresh
 * server exports them all (seconds, peak RSS over its idle RSS), and a child process writes the
 * same rows straight with exceljs's streaming writer.
 */
export async function benchExport(
  database: BenchDatabase,
  options: ExportOptions,
): Promise<BenchRow[]> {
  const handle = await database.open()
  await migrateToLatest(handle.db)
  const regions = (await handle.db
    .selectFrom('regions')
    .select(['id', 'name'])
    .execute()) as Region[]
  await handle.close()
  const streamOptions = {
    dealers: benchDirectory(options.dealers),
    regions,
    year: options.year,
    perYear: options.perYear,
    lmaShare: options.lmaShare,
  }
  const stream = enrollmentStream(streamOptions)
  const chunks = options.rows.map((rows, index) => rows - (options.rows[index - 1] ?? 0))
  const steps: Step[] = []
  for (const [index, rows] of options.rows.entries()) {
    progress(`export: seeding ${rows.toLocaleString('en-US')} dealer rows`)
    const db = await database.open()
    await insertEnrollments(db.db, takeDealerRows(stream, chunks[index] ?? 0))
    await analyze(db.db)
    await db.close()
    const server = await exportOnServer(database, options.serverEnv, [
      ...heapFlags(options.heapMb),
      ...(options.nodeFlags ?? []),
    ])
    progress(`export: exceljs baseline, ${rows.toLocaleString('en-US')} rows`)
    const baseline = await runBaseline(heapFlags(options.heapMb), {
      chunks: chunks.slice(0, index + 1),
      dealers: options.dealers,
      perYear: options.perYear,
      lmaShare: options.lmaShare,
      year: options.year,
      regions,
    })
    steps.push({ rows, server, baseline })
  }
  return rowsOf(
    steps,
    options.heapMb > 0 ? `1 request, heap cap ${options.heapMb} MB` : '1 request',
  )
}

/**
 * With plenty of memory V8 lets its heap grow long before it collects, so a peak RSS mostly
 * shows the collector's slack (100 to 180 MB here, whatever the rows). Under a cap the heap is
 * collected as it goes, and the peak shows what the export really keeps.
 */
function heapFlags(heapMb: number): string[] {
  return heapMb > 0 ? [`--max-old-space-size=${heapMb}`] : []
}

async function exportOnServer(
  database: BenchDatabase,
  env: Record<string, string>,
  nodeFlags: string[],
) {
  const server = await startServer({ env: { ...env, ...database.env }, nodeFlags })
  try {
    const token = await adminIdToken(server.url)
    await new Promise((resolve) => setTimeout(resolve, 500))
    const idleMb = server.memory().rssMb
    const idle = await probeHealth(server.url, new Promise((resolve) => setTimeout(resolve, 2000)))
    server.resetPeak()
    progress('export: POST /api/reports/export')
    const started = performance.now()
    const exported = (async () => {
      const response = await fetch(`${server.url}/api/reports/export`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ bearer_token: token }).toString(),
      })
      if (!response.ok || !response.body) {
        return `POST /api/reports/export answered ${response.status}`
      }
      let bytes = 0
      for await (const chunk of response.body) bytes += (chunk as Uint8Array).length
      return bytes
    })()
    const during = await probeHealth(server.url, exported)
    const bytes = await exported
    if (typeof bytes === 'string') return bytes
    const elapsed = (performance.now() - started) / 1000
    return { seconds: elapsed, bytes, idleMb, peakMb: server.memory().peakMb, idle, during }
  } finally {
    await server.stop()
  }
}

/**
 * What another user waits for meanwhile: GET /healthz, one request after the other 20 ms apart,
 * until `until` settles.
 */
async function probeHealth(url: string, until: Promise<unknown>): Promise<Probe> {
  let done = false
  const stop = () => {
    done = true
  }
  until.then(stop, stop)
  const latencies: number[] = []
  while (!done) {
    const started = performance.now()
    const response = await fetch(`${url}/healthz`)
    await response.arrayBuffer()
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

function runBaseline(nodeFlags: string[], input: BaselineInput): Promise<BaselineResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...nodeFlags, '--import', 'tsx', 'scripts/bench/export-baseline.ts', JSON.stringify(input)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('error', reject)
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`The exceljs baseline exited with ${code}`))
      else resolve(JSON.parse(output.trim().split('\n').pop() ?? '{}') as BaselineResult)
    })
  })
}

function rowsOf(steps: Step[], load: string): BenchRow[] {
  const rows: BenchRow[] = steps.map((step) => {
    const base = step.baseline
    const baseGrowth = base.peakMb - base.rssBeforeMb
    const baseline = `exceljs stream writer ${seconds(base.seconds)}, peak ${mb(base.peakMb)} (+${mb(baseGrowth)})`
    const path = `Excel export, ${step.rows.toLocaleString('en-US')} dealer rows`
    if (typeof step.server === 'string' || !step.server) {
      return {
        path,
        load,
        result: `not measured: ${step.server}`,
        baseline,
        ratio: 'n/a',
      }
    }
    const server = step.server
    const growth = server.peakMb - server.idleMb
    return {
      path,
      load,
      result: `${seconds(server.seconds)}, ${kb(server.bytes)}; server peak RSS ${mb(server.peakMb)} (+${mb(growth)} over idle)`,
      baseline,
      ratio: `${times(server.seconds / base.seconds)} time, ${times(growth / Math.max(baseGrowth, 1))} RSS growth`,
    }
  })
  for (const step of steps) {
    if (typeof step.server !== 'object') continue
    const { idle, during } = step.server
    rows.push({
      path: `GET /healthz during the export of ${step.rows.toLocaleString('en-US')} rows`,
      load: `${during.count} requests, 20 ms apart`,
      result: `p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, max ${ms(during.max)}`,
      baseline: `the idle server: p50 ${ms(idle.p50)}, p99 ${ms(idle.p99)}`,
      ratio: `${times(during.p99 / idle.p99)} p99`,
    })
  }
  const measured = steps.filter(
    (step): step is Step & { server: { idleMb: number; peakMb: number } } =>
      typeof step.server === 'object',
  )
  const first = measured[0]
  const last = measured[measured.length - 1]
  if (first && last && first !== last) {
    const growth = (step: (typeof measured)[number]) => step.server.peakMb - step.server.idleMb
    const baseGrowth = (step: Step) => step.baseline.peakMb - step.baseline.rssBeforeMb
    rows.push({
      path: 'Excel export memory as rows double',
      load: measured.map((step) => `${step.rows / 1000}k`).join(' → '),
      result: `RSS growth ${measured.map((step) => mb(growth(step))).join(' → ')}`,
      baseline: `exceljs ${measured.map((step) => mb(baseGrowth(step))).join(' → ')}`,
      ratio: `${times(growth(last) / Math.max(growth(first), 1))} for ${times(last.rows / first.rows)} rows (baseline ${times(baseGrowth(last) / Math.max(baseGrowth(first), 1))})`,
    })
  }
  return rows
}
