import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { type BenchDatabase, createBenchDatabase } from '../bench-database.js'
import { SETTLED_MS, type StartOptions, startServer } from '../server-process.js'
import { type BenchRow, mb, median, ms, progress, times } from '../table.js'

/** A Fastify process with one route, nothing else: what starting Node and Fastify costs. */
const BARE_FASTIFY = `
import Fastify from 'fastify'
const app = Fastify()
app.get('/readyz', async () => ({ status: 'ready' }))
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' })
`

export interface ColdStartOptions {
  workDir: string
  /** Null when PostgreSQL cannot be reached. */
  postgresUrl: string | null
  env: Record<string, string>
  /** Rounds; each starts every kind once, so that a round's starts share the machine's load. */
  runs: number
  /** How long after the first 200 of /readyz the idle RSS is read. */
  settleMs: number
}

interface Sample {
  startMs: number
  rssMb: number
  /** RSS after SETTLED_MS idle: measured in the last round only. */
  settledMb?: number
}

type Kind = 'bare' | 'embeddedNew' | 'embeddedExisting' | 'postgresNew' | 'postgresExisting'

/**
 * Spawn to the first 200 of /readyz, and the resident memory once started and idle: the built
 * server on a new and on an existing database of each kind, beside a bare Fastify process. The
 * kinds take turns, round after round; a row shows the median, and its ratio is the median of
 * each round's ratio to that round's bare Fastify (the machine's load moves single starts a lot).
 */
export async function benchColdStart(options: ColdStartOptions): Promise<BenchRow[]> {
  const dataDir = join(options.workDir, 'cold-start')
  const samples = new Map<Kind, Sample[]>()
  const start = async (kind: Kind, label: string, startOptions: StartOptions, settle = false) => {
    progress(`cold start: ${label}${settle ? `, then ${SETTLED_MS / 1000} s idle` : ''}`)
    const server = await startServer(startOptions)
    await sleep(options.settleMs)
    const sample: Sample = { startMs: server.startMs, rssMb: server.memory().rssMb }
    if (settle) {
      await sleep(SETTLED_MS - options.settleMs)
      sample.settledMb = server.memory().rssMb
    }
    await server.stop()
    samples.set(kind, [...(samples.get(kind) ?? []), sample])
  }
  const { postgresUrl } = options
  let database: BenchDatabase | undefined
  try {
    for (let run = 1; run <= options.runs; run++) {
      const round = `(${run}/${options.runs})`
      const last = run === options.runs
      await start(
        'bare',
        `bare Fastify ${round}`,
        { args: ['--input-type=module', '-e', BARE_FASTIFY], env: {} },
        last,
      )
      rmSync(dataDir, { recursive: true, force: true })
      const embedded = { env: { ...options.env, DATA_DIR: dataDir } }
      await start('embeddedNew', `embedded default, new DATA_DIR ${round}`, embedded)
      await start(
        'embeddedExisting',
        `embedded default, existing DATA_DIR ${round}`,
        embedded,
        last,
      )
      if (!postgresUrl) continue
      await database?.drop()
      database = await createBenchDatabase({
        kind: 'postgres',
        name: 'cold',
        workDir: options.workDir,
        postgresUrl,
      })
      const postgres = { env: { ...options.env, ...database.env } }
      await start('postgresNew', `PostgreSQL, new database ${round}`, postgres)
      await start('postgresExisting', `PostgreSQL, existing database ${round}`, postgres, last)
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  }

  const bare = samples.get('bare') ?? []
  const baseline = `bare Fastify process ${ms(median(bare.map((s) => s.startMs)))}`
  const memoryBaseline = `bare Fastify process ${mb(median(bare.map((s) => s.rssMb)))}`
  const startRow = (path: string, kind: Kind): BenchRow => {
    const own = samples.get(kind) ?? []
    return {
      path,
      load: `spawn → /readyz 200, median of ${own.length}`,
      result: `${ms(median(own.map((s) => s.startMs)))} (${own.map((s) => s.startMs.toFixed(0)).join(', ')})`,
      baseline,
      ratio: times(median(own.map((s, index) => s.startMs / (bare[index]?.startMs ?? Number.NaN)))),
    }
  }
  const memoryRow = (path: string, kind: Kind): BenchRow => {
    const own = samples.get(kind) ?? []
    return {
      path,
      load: `RSS ${ms(options.settleMs)} after ready, median of ${own.length}`,
      result: mb(median(own.map((s) => s.rssMb))),
      baseline: memoryBaseline,
      ratio: times(median(own.map((s, index) => s.rssMb / (bare[index]?.rssMb ?? Number.NaN)))),
    }
  }
  const settled = (kind: Kind) => samples.get(kind)?.at(-1)?.settledMb ?? Number.NaN
  const settledRow = (path: string, kind: Kind): BenchRow => ({
    path,
    load: `RSS after ${SETTLED_MS / 1000} s idle, last round`,
    result: mb(settled(kind)),
    baseline: `bare Fastify process ${mb(settled('bare'))}`,
    ratio: times(settled(kind) / settled('bare')),
  })
  const rows = [
    startRow('Cold start, embedded default: new DATA_DIR with demo data', 'embeddedNew'),
    startRow('Cold start, embedded default: existing DATA_DIR', 'embeddedExisting'),
    memoryRow('Idle RSS after start, embedded: new DATA_DIR', 'embeddedNew'),
    memoryRow('Idle RSS after start, embedded: existing DATA_DIR', 'embeddedExisting'),
    settledRow('Idle RSS settled, embedded: existing DATA_DIR', 'embeddedExisting'),
  ]
  if (!postgresUrl) {
    rows.push({
      path: 'Cold start, PostgreSQL',
      load: '-',
      result: 'skipped: PostgreSQL not reachable',
      baseline,
      ratio: 'n/a',
    })
    return rows
  }
  rows.push(
    startRow('Cold start, PostgreSQL: new database, migrations', 'postgresNew'),
    startRow('Cold start, PostgreSQL: existing database', 'postgresExisting'),
    memoryRow('Idle RSS after start, PostgreSQL', 'postgresExisting'),
    settledRow('Idle RSS settled, PostgreSQL', 'postgresExisting'),
  )
  return rows
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds))
}
