import { parseArgs } from 'node:util'
import type { BenchDatabaseKind } from './bench-database.js'

export interface BenchOptions {
  db: BenchDatabaseKind
  postgresUrl: string
  dealers: number
  enrollments: number
  lmaShare: number
  /** Seconds of each type-ahead and /healthz run. */
  duration: number
  typeaheadConnections: number
  listDuration: number
  listConnections: number
  submitConnections: number
  submitDuration: number
  /** Dealer rows of the export runs, growing; the middle one is the headline. */
  exportRows: number[]
  /** V8's old-space cap of the export's server and baseline, in MB; 0 leaves V8's default. */
  exportHeapMb: number
  /** Rows of the tracking upload's file (and dealers of its release). */
  trackingRows: number
  /** Starts of each kind in the cold-start rows (the median is shown). */
  coldStartRuns: number
  /** Starts of each kind in the rows of the metrics and telemetry at start-up (medians shown). */
  observabilityRuns: number
  skip: Set<string>
  keep: boolean
  workDir: string
  /** Where the loaded server writes a V8 CPU profile on exit (`--cpu-prof`); none when empty. */
  cpuProfDir: string
}

export const USAGE = `npm run bench -- [options]
  --db pglite|postgres        database of the server under load (default pglite)
  --pg-url URL                PostgreSQL that may create databases (default $BENCH_PG_URL or
                              postgres://postgres@127.0.0.1:5432/postgres)
  --dealers N                 dealer directory size (default 20000)
  --enrollments N             enrollments in the listed year (default 10000)
  --lma-share F               share of LMA enrollments (default 0.05)
  --duration S                seconds of each type-ahead and /healthz run (default 10)
  --typeahead-connections N   (default 50)
  --list-duration S           seconds of each admin list run (default 10)
  --list-connections N        (default 1: server time, no queueing)
  --submit-connections N      (default 20)
  --submit-duration S         (default 30)
  --export-rows A,B,C         dealer rows of the export runs (default 25000,50000,100000)
  --export-heap-mb N          V8 heap cap (--max-old-space-size) of the export's server and
                              baseline, so RSS shows live memory, not the collector's slack
                              (default 256; 0: V8's default)
  --tracking-rows N           rows of the tracking upload's file (default 10000)
  --cold-start-runs N         rounds of the cold-start and idle-memory rows, each starting
                              every kind once; the table shows medians (default 5)
  --observability-runs N      rounds of the start-up and idle-memory rows of the metrics and
                              OpenTelemetry, each starting every kind once (default 3)
  --skip a,b                  leave out: typeahead, list, dashboard, submit, bulk, export,
                              tracking, cold-start, observability, plans
  --keep                      keep the databases (printed) instead of dropping them
  --work-dir DIR              where PGlite directories go (default .tmp/bench)
  --cpu-prof DIR              the loaded server and each export's server write a V8 CPU
                              profile there when they stop
                              (open it in Chrome DevTools or speedscope)`

export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'pglite' },
      'pg-url': { type: 'string' },
      dealers: { type: 'string', default: '20000' },
      enrollments: { type: 'string', default: '10000' },
      'lma-share': { type: 'string', default: '0.05' },
      duration: { type: 'string', default: '10' },
      'typeahead-connections': { type: 'string', default: '50' },
      'list-duration': { type: 'string', default: '10' },
      'list-connections': { type: 'string', default: '1' },
      'submit-connections': { type: 'string', default: '20' },
      'submit-duration': { type: 'string', default: '30' },
      'export-rows': { type: 'string', default: '25000,50000,100000' },
      'export-heap-mb': { type: 'string', default: '256' },
      'tracking-rows': { type: 'string', default: '10000' },
      'cold-start-runs': { type: 'string', default: '5' },
      'observability-runs': { type: 'string', default: '3' },
      skip: { type: 'string', default: '' },
      keep: { type: 'boolean', default: false },
      'work-dir': { type: 'string', default: '.tmp/bench' },
      'cpu-prof': { type: 'string', default: '' },
      help: { type: 'boolean', default: false },
    },
  })
  if (values.help) {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  if (values.db !== 'pglite' && values.db !== 'postgres') {
    throw new Error(`--db must be pglite or postgres, not ${values.db}`)
  }
  const exportRows = values['export-rows']
    .split(',')
    .filter(Boolean)
    .map((value) => positive('export-rows', value))
  if (exportRows.some((rows, index) => index > 0 && rows <= (exportRows[index - 1] ?? 0))) {
    throw new Error('--export-rows must grow: 25000,50000,100000')
  }
  return {
    db: values.db,
    postgresUrl:
      values['pg-url'] ?? process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    dealers: positive('dealers', values.dealers),
    enrollments: positive('enrollments', values.enrollments),
    lmaShare: Number(values['lma-share']),
    duration: positive('duration', values.duration),
    typeaheadConnections: positive('typeahead-connections', values['typeahead-connections']),
    listDuration: positive('list-duration', values['list-duration']),
    listConnections: positive('list-connections', values['list-connections']),
    submitConnections: positive('submit-connections', values['submit-connections']),
    submitDuration: positive('submit-duration', values['submit-duration']),
    exportRows,
    exportHeapMb:
      values['export-heap-mb'] === '0' ? 0 : positive('export-heap-mb', values['export-heap-mb']),
    trackingRows: positive('tracking-rows', values['tracking-rows']),
    coldStartRuns: positive('cold-start-runs', values['cold-start-runs']),
    observabilityRuns: positive('observability-runs', values['observability-runs']),
    skip: new Set(values.skip.split(',').filter(Boolean)),
    keep: values.keep,
    workDir: values['work-dir'],
    cpuProfDir: values['cpu-prof'],
  }
}

function positive(name: string, value: string): number {
  const number = Number(value)
  if (!Number.isFinite(number) || number <= 0)
    throw new Error(`--${name} must be a positive number`)
  return number
}
