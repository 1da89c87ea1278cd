import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { pathToFileURL } from 'node:url'
import { migrateToLatest } from '../../../server/db/migrate.js'
import type { BenchDatabase } from '../bench-database.js'
import {
  SERVER_ENTRY,
  SERVER_MODULES,
  SETTLED_MS,
  type ServerProcess,
  type StartOptions,
  startServer,
} from '../server-process.js'
import { type BenchRow, mb, median, ms, progress, times } from '../table.js'

/**
 * Node, Fastify and the same database opened through the server's own module (PGlite or pg and
 * Kysely): what the product's start and idle memory are measured against. Its /readyz asks the
 * database, as the product's does.
 */
const bareWithDatabase = (databaseModule: string) => `
import Fastify from 'fastify'
import { openDatabase } from ${JSON.stringify(databaseModule)}
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? '' })
const app = Fastify()
app.get('/readyz', async () => { await database.ping(); return { status: 'ready' } })
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
`

/** Loaded with `--import` before the product: prom-client and the registry made at start-up. */
const metricsAtStart = (metricsModule: string) => `
import { PrometheusMetrics } from ${JSON.stringify(metricsModule)}
new PrometheusMetrics()
`

/** What each started process is asked after ready, five times over, before it idles. */
const PRODUCT_REQUESTS = [
  '/',
  '/api/config',
  '/api/regions',
  '/api/enrollments/autocomplete/bac?value=1234',
  '/healthz',
]
const REQUEST_ROUNDS = 5

type Kind = 'bare' | 'product' | 'scraped' | 'eager' | 'traced'

interface Started {
  kind: Kind
  round: number
  server: ServerProcess
  /** RSS after the requests (and the scrape) and SETTLED_MS idle. */
  idleMb?: number
  /** The first scrape of /metrics (prom-client loads), from request to last byte. */
  firstScrapeMs?: number
}

export interface ObservabilityOptions {
  /** A migrated database of the run's kind; PGlite's directory is copied for each process. */
  database: BenchDatabase
  workDir: string
  env: Record<string, string>
  /** Rounds; each starts every kind once. */
  runs: number
}

/**
 * Whether the metrics (GET /metrics, prom-client) and OpenTelemetry made the product slower to
 * start or larger when idle. Every kind is started once per round, in turns, the processes
 * staying up: the bare Fastify with the same database open (the baseline); the product as it
 * runs without OTEL_EXPORTER_OTLP_ENDPOINT, never scraped (prom-client not loaded) and scraped
 * once (loaded); the product with prom-client and the registry loaded before it starts (what
 * loading them at start-up costs); the product tracing to a collector in this process. Each is
 * asked a few requests, then all idle together until settled. A ratio is the median of each
 * round's, with the rounds' lowest and highest: the spread is the noise a ratio of 1 must be
 * read against.
 */
export async function benchObservability(options: ObservabilityOptions): Promise<BenchRow[]> {
  const folder = resolve(options.workDir, 'observability-processes')
  rmSync(folder, { recursive: true, force: true })
  mkdirSync(folder, { recursive: true })
  const serverFolder = pathToFileURL(resolve(SERVER_MODULES)).href
  const eagerModule = join(folder, 'metrics-at-start.mjs')
  writeFileSync(eagerModule, metricsAtStart(`${serverFolder}/metrics/prometheus-metrics.js`))

  const handle = await options.database.open()
  await migrateToLatest(handle.db)
  await handle.close()

  const collector = await startCollector()
  const started: Started[] = []
  let copies = 0
  // PGlite is one process's: each gets a copy of the migrated directory.
  const databaseEnv = () => {
    if (options.database.kind === 'postgres') return options.database.env
    const dataDir = join(folder, `data-${++copies}`)
    cpSync(options.database.env.DATA_DIR ?? '', dataDir, { recursive: true })
    return { DATA_DIR: dataDir }
  }
  const product = (env: Record<string, string>, nodeFlags: string[] = []) => ({
    args: [SERVER_ENTRY],
    env: { ...options.env, ...databaseEnv(), ...env },
    nodeFlags,
  })
  const starts: Record<Kind, () => StartOptions> = {
    bare: () => ({
      args: ['--input-type=module', '-e', bareWithDatabase(`${serverFolder}/db/database.js`)],
      env: databaseEnv(),
    }),
    product: () => product({}),
    scraped: () => product({}),
    eager: () => product({}, ['--import', pathToFileURL(eagerModule).href]),
    traced: () => product({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url }),
  }
  const kinds = Object.keys(starts) as Kind[]
  try {
    for (let round = 0; round < options.runs; round++) {
      // Each round starts the kinds in another order, so none always starts beside the most.
      for (let turn = 0; turn < kinds.length; turn++) {
        const kind = kinds[(round + turn) % kinds.length] as Kind
        progress(`metrics and telemetry at start-up: ${kind} (${round + 1}/${options.runs})`)
        const server = await startServer(starts[kind]())
        started.push({ kind, round, server })
        // Its first second after ready (the scheduler's first look) is its own.
        await sleep(1000)
      }
    }
    for (const { kind, server } of started) await askRequests(server, kind)
    for (const instance of started) {
      if (instance.kind !== 'scraped') continue
      const began = performance.now()
      const response = await fetch(`${instance.server.url}/metrics`)
      const text = await response.text()
      instance.firstScrapeMs = performance.now() - began
      if (!text.includes('pos_http_request_duration_seconds_count{')) {
        throw new Error(`/metrics answered ${response.status} without the request counts`)
      }
    }
    progress(`${started.length} processes idle ${SETTLED_MS / 1000} s`)
    await sleep(SETTLED_MS)
    for (const instance of started) instance.idleMb = instance.server.memory().rssMb
  } finally {
    await Promise.all(started.map(({ server }) => server.stop()))
    await collector.close()
    rmSync(folder, { recursive: true, force: true })
  }
  if (collector.exports() === 0) throw new Error('The traced product sent no spans')
  return observabilityRows(started, options.runs, collector.exports())
}

async function askRequests(server: ServerProcess, kind: Kind): Promise<void> {
  const paths = kind === 'bare' ? ['/readyz'] : PRODUCT_REQUESTS
  for (let round = 0; round < REQUEST_ROUNDS; round++) {
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${kind}: ${path} answered ${response.status}`)
    }
  }
}

function observabilityRows(started: Started[], runs: number, exports: number): BenchRow[] {
  const of = (kind: Kind, round: number) =>
    started.find((instance) => instance.kind === kind && instance.round === round)
  const rounds = Array.from({ length: runs }, (_, round) => round)
  /** A figure of each round's process of a kind. */
  const figures = (kind: Kind, figure: (instance: Started) => number | undefined) =>
    rounds.map((round) => {
      const instance = of(kind, round)
      return (instance && figure(instance)) ?? Number.NaN
    })
  const startMs = (instance: Started) => instance.server.startMs
  const cpuMs = (instance: Started) => instance.server.startCpuMs
  const idleMb = (instance: Started) => instance.idleMb
  const ratio = (results: number[], baselines: number[]) => {
    const each = results.map((result, index) => result / (baselines[index] ?? Number.NaN))
    return `${times(median(each))} (${times(Math.min(...each))} to ${times(Math.max(...each))})`
  }
  /** The ratio, and the median of each round's difference (what a few MB more would show). */
  const memoryRatio = (results: number[], baselines: number[]) => {
    const growth = median(results.map((result, index) => result - (baselines[index] ?? Number.NaN)))
    return `${ratio(results, baselines)}; ${growth < 0 ? '−' : '+'}${Math.abs(growth).toFixed(1)} MB`
  }
  const listed = (values: number[], unit: (value: number) => string, digits = 0) =>
    `${unit(median(values))} (${values.map((value) => value.toFixed(digits)).join(', ')})`
  const startLoad = `spawn → /readyz 200, median of ${runs}`
  const idleLoad = `RSS after ${REQUEST_ROUNDS * PRODUCT_REQUESTS.length} requests and ${SETTLED_MS / 1000} s idle, median of ${runs}`

  const startRow = (path: string, kind: Kind, baselineKind: Kind, baselineName: string) => {
    const wall = figures(kind, startMs)
    const cpu = figures(kind, cpuMs)
    const baselineWall = figures(baselineKind, startMs)
    const baselineCpu = figures(baselineKind, cpuMs)
    return {
      path,
      load: startLoad,
      result: `${listed(wall, ms)}; main thread ${listed(cpu, ms)} on CPU`,
      baseline: `${baselineName} ${ms(median(baselineWall))}; ${ms(median(baselineCpu))} on CPU`,
      ratio: `${ratio(wall, baselineWall)}; CPU ${ratio(cpu, baselineCpu)}`,
    }
  }
  const bareIdle = figures('bare', idleMb)
  const productIdle = figures('product', idleMb)
  return [
    startRow(
      'Start-up, product (metrics load on the first scrape, no OTel variable)',
      'product',
      'bare',
      'bare Fastify with the database open',
    ),
    startRow(
      'Start-up, product with prom-client and the registry loaded at start',
      'eager',
      'product',
      'product',
    ),
    startRow(
      'Start-up, product with OTEL_EXPORTER_OTLP_ENDPOINT set',
      'traced',
      'product',
      'product',
    ),
    {
      path: 'Idle RSS, product (never scraped: prom-client not loaded)',
      load: idleLoad,
      result: listed(productIdle, mb),
      baseline: `bare Fastify with the database open ${mb(median(bareIdle))}`,
      ratio: memoryRatio(productIdle, bareIdle),
    },
    {
      path: 'Idle RSS, product scraped once (prom-client loaded)',
      load: `${idleLoad}; first scrape ${listed(
        figures('scraped', (instance) => instance.firstScrapeMs),
        ms,
      )}`,
      result: listed(figures('scraped', idleMb), mb),
      baseline: `product ${mb(median(productIdle))}`,
      ratio: memoryRatio(figures('scraped', idleMb), productIdle),
    },
    {
      path: 'Idle RSS, product with prom-client loaded at start',
      load: idleLoad,
      result: listed(figures('eager', idleMb), mb),
      baseline: `product ${mb(median(productIdle))}`,
      ratio: memoryRatio(figures('eager', idleMb), productIdle),
    },
    {
      path: 'Idle RSS, product with OTEL_EXPORTER_OTLP_ENDPOINT set',
      load: `${idleLoad}; ${exports} exports received`,
      result: listed(figures('traced', idleMb), mb),
      baseline: `product ${mb(median(productIdle))}`,
      ratio: memoryRatio(figures('traced', idleMb), productIdle),
    },
  ]
}

/** An OTLP/HTTP collector that takes every export and keeps nothing but their count. */
async function startCollector(): Promise<{
  url: string
  exports(): number
  close(): Promise<void>
}> {
  let exports = 0
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      exports++
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    exports: () => exports,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections()
        server.close(() => done())
      }),
  }
}
