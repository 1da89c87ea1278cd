/**
 * npm run bench [-- --db postgres] [-- --help]: seeds realistic data, starts the built server
 * as a child process, loads it with autocannon from this process and prints one table. Every
 * figure stands beside a baseline measured in the same run, so the ratio survives a noisy
 * machine. Progress goes to stderr, the table to stdout. See docs/performance.md.
 */

import { mkdirSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { migrateToLatest } from '../../server/db/migrate.js'
import { adminIdToken } from './admin-token.js'
import { type BenchDatabase, createBenchDatabase, isPostgresReachable } from './bench-database.js'
import { parseBenchOptions } from './bench-options.js'
import { type MainData, seedMainData } from './data/seed-main.js'
import { checkPlans } from './plan-check.js'
import { planRows } from './plan-rows.js'
import { benchAdminList } from './scenarios/admin-list.js'
import { benchBulkApprove } from './scenarios/bulk-approve.js'
import { benchColdStart } from './scenarios/cold-start.js'
import { benchDashboard } from './scenarios/dashboard.js'
import { benchExport } from './scenarios/excel-export.js'
import { benchObservability } from './scenarios/observability.js'
import {
  benchSubmissionFloor,
  oneStatement,
  sevenStatements,
} from './scenarios/submission-floor.js'
import { benchSubmissions } from './scenarios/submissions.js'
import { benchTrackingUpload } from './scenarios/tracking-upload.js'
import { benchTypeahead } from './scenarios/typeahead.js'
import { startServer } from './server-process.js'
import { type BenchRow, formatTable, ms, progress } from './table.js'

/** The server's enrollment year; the seeded year before it is the admin list's. */
const ENROLLMENT_YEAR = 2025
const LIST_YEAR = ENROLLMENT_YEAR - 1

const options = parseBenchOptions(process.argv.slice(2))
const started = performance.now()
mkdirSync(options.workDir, { recursive: true })
const postgresUrl = (await isPostgresReachable(options.postgresUrl)) ? options.postgresUrl : null
if (options.db === 'postgres' && !postgresUrl) {
  throw new Error(`--db postgres: cannot connect to ${options.postgresUrl} (set --pg-url)`)
}
const serverEnv = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  ENROLLMENT_YEAR: String(ENROLLMENT_YEAR),
  RATE_LIMIT_SUBMISSIONS: '100000000',
  RATE_LIMIT_LOOKUPS: '100000000',
}
const databases: BenchDatabase[] = []
const newDatabase = async (name: string) => {
  const database = await createBenchDatabase({
    kind: options.db,
    name,
    workDir: options.workDir,
    postgresUrl: options.postgresUrl,
  })
  databases.push(database)
  return database
}
const rows: BenchRow[] = []
const skip = (name: string) => options.skip.has(name)
const cpuProfFlags = options.cpuProfDir
  ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`]
  : []

try {
  const needsServer = ['typeahead', 'list', 'dashboard', 'submit', 'bulk'].some(
    (name) => !skip(name),
  )
  // The main data serve the plans and the loaded server; the other rows seed their own.
  if (needsServer || !skip('plans')) {
    const main = await newDatabase('main')
    progress(`seeding ${main.label}`)
    const handle = await main.open()
    await migrateToLatest(handle.db)
    const data: MainData = await seedMainData(handle.db, {
      dealers: options.dealers,
      enrollments: options.enrollments,
      lmaShare: options.lmaShare,
      year: LIST_YEAR,
      // The dashboard compares the year with the one before it.
      years: skip('dashboard') ? 1 : 2,
    })
    progress(
      `seeded ${data.dealers} dealers, ${data.enrollments} enrollments (${data.dealerRows} dealer rows) in ${data.seconds.toFixed(1)} s`,
    )
    if (!skip('plans')) rows.push(...planRows(await checkPlans(handle.db, data, LIST_YEAR), data))
    await handle.close()

    if (needsServer) {
      let submissionsPerSecond: number | undefined
      const server = await startServer({
        env: { ...serverEnv, DEMO_DATA: 'false', ...main.env },
        nodeFlags: cpuProfFlags,
      })
      progress(`server ready in ${ms(server.startMs)} at ${server.url}`)
      try {
        const token = await adminIdToken(server.url)
        if (!skip('typeahead')) {
          rows.push(
            ...(await benchTypeahead(server, data, {
              connections: options.typeaheadConnections,
              duration: options.duration,
            })),
          )
        }
        if (!skip('list')) {
          rows.push(
            ...(await benchAdminList(server, data, {
              databaseUrl: main.env.DATABASE_URL,
              currentYear: ENROLLMENT_YEAR,
              connections: options.listConnections,
              duration: options.listDuration,
              year: LIST_YEAR,
              token,
            })),
          )
        }
        if (!skip('dashboard')) {
          rows.push(
            ...(await benchDashboard(server, data, {
              connections: options.listConnections,
              duration: options.listDuration,
              year: LIST_YEAR,
              token,
            })),
          )
        }
        if (!skip('submit')) {
          const submissions = await benchSubmissions(server, {
            connections: options.submitConnections,
            duration: options.submitDuration,
            year: ENROLLMENT_YEAR,
            token,
          })
          rows.push(submissions.row)
          submissionsPerSecond = submissions.acceptedPerSecond
        }
        if (!skip('bulk')) {
          rows.push(
            ...(await benchBulkApprove(server, { count: 500, year: ENROLLMENT_YEAR, token })),
          )
        }
      } finally {
        await server.stop()
      }
      // The same writes as plain SQL, once the server has let go of the database (PGlite's is
      // its own): the database's floor on these cores (docs/performance.md).
      if (submissionsPerSecond !== undefined) {
        const floorHandle = await main.open()
        const floorOptions = {
          connections: options.submitConnections,
          duration: options.submitDuration,
          submissionsPerSecond,
          databaseUrl: main.env.DATABASE_URL,
          handle: floorHandle,
        }
        try {
          rows.push(
            await benchSubmissionFloor(
              'one statement',
              oneStatement(ENROLLMENT_YEAR, floorHandle.db),
              floorOptions,
            ),
            await benchSubmissionFloor(
              'seven round trips',
              sevenStatements(ENROLLMENT_YEAR),
              floorOptions,
            ),
          )
        } finally {
          await floorHandle.close()
        }
      }
    }
    if (!options.keep) await main.drop()
  }

  if (!skip('export')) {
    rows.push(
      ...(await benchExport(await newDatabase('export'), {
        rows: options.exportRows,
        dealers: options.dealers,
        perYear: options.enrollments,
        lmaShare: options.lmaShare,
        year: LIST_YEAR,
        serverEnv: { ...serverEnv, DEMO_DATA: 'false' },
        heapMb: options.exportHeapMb,
        nodeFlags: cpuProfFlags,
      })),
    )
  }
  if (!skip('tracking')) {
    rows.push(
      ...(await benchTrackingUpload(await newDatabase('tracking'), {
        rows: options.trackingRows,
        serverEnv: { ...serverEnv, DEMO_DATA: 'false' },
        year: ENROLLMENT_YEAR,
      })),
    )
  }
  if (!skip('cold-start')) {
    rows.push(
      ...(await benchColdStart({
        workDir: options.workDir,
        postgresUrl,
        env: { NODE_ENV: 'development', LOG_LEVEL: 'warn' },
        runs: options.coldStartRuns,
        settleMs: 2000,
      })),
    )
  }
  if (!skip('observability')) {
    rows.push(
      ...(await benchObservability({
        database: await newDatabase('observability'),
        workDir: options.workDir,
        env: { ...serverEnv, DEMO_DATA: 'false' },
        runs: options.observabilityRuns,
      })),
    )
  }
} finally {
  for (const database of databases) {
    if (options.keep) progress(`kept ${database.label}`)
    else await database.drop().catch(() => undefined)
  }
}

const cpu = cpus()[0]?.model ?? 'unknown CPU'
process.stdout.write(
  `\nnpm run bench -- --db ${options.db}: ${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ` +
    `${cpus().length} × ${cpu}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB; ` +
    `took ${((performance.now() - started) / 60_000).toFixed(1)} min\n\n${formatTable(rows)}\n`,
)
