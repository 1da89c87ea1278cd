import { mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createBenchDatabase } from '../bench-database.js'
import { startServer } from '../server-process.js'
import { type BenchRow, ms, progress, times } from '../table.js'

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
}

/** Spawn to the first 200 of /readyz: the built server on an empty database of each kind. */
export async function benchColdStart(options: ColdStartOptions): Promise<BenchRow[]> {
  progress('cold start: bare Fastify')
  const bare = await startServer({ args: ['--input-type=module', '-e', BARE_FASTIFY], env: {} })
  await bare.stop()
  const baseline = `bare Fastify process ${ms(bare.startMs)}`
  const rows: BenchRow[] = []

  progress('cold start: embedded default (fresh DATA_DIR, demo data)')
  const dataDir = mkdtempSync(join(options.workDir, 'cold-'))
  try {
    const embedded = await startServer({ env: { ...options.env, DATA_DIR: dataDir } })
    await embedded.stop()
    rows.push({
      path: 'Cold start, embedded default: new DATA_DIR, migrations, demo data',
      load: 'spawn → /readyz 200',
      result: ms(embedded.startMs),
      baseline,
      ratio: times(embedded.startMs / bare.startMs),
    })
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }

  if (!options.postgresUrl) {
    rows.push({
      path: 'Cold start, PostgreSQL',
      load: '-',
      result: 'skipped: PostgreSQL not reachable',
      baseline,
      ratio: 'n/a',
    })
    return rows
  }
  progress('cold start: PostgreSQL (new database, migrations)')
  const database = await createBenchDatabase({
    kind: 'postgres',
    name: 'cold',
    workDir: options.workDir,
    postgresUrl: options.postgresUrl,
  })
  try {
    const postgres = await startServer({ env: { ...options.env, ...database.env } })
    await postgres.stop()
    rows.push({
      path: 'Cold start, PostgreSQL: new database, migrations',
      load: 'spawn → /readyz 200',
      result: ms(postgres.startMs),
      baseline,
      ratio: times(postgres.startMs / bare.startMs),
    })
  } finally {
    await database.drop()
  }
  return rows
}
