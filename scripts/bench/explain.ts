/**
 * npm run bench:explain [-- --db postgres] [--dealers N] [--enrollments N]
 * Seeds a fresh database like the benchmark and prints EXPLAIN ANALYZE of the type-aheads and
 * the admin list search: each must be an index scan, not a sequential scan.
 */
import { mkdirSync } from 'node:fs'
import { migrateToLatest } from '../../server/db/migrate.js'
import { createBenchDatabase } from './bench-database.js'
import { parseBenchOptions } from './bench-options.js'
import { seedMainData } from './data/seed-main.js'
import { checkPlans, printPlans } from './plan-check.js'

const LIST_YEAR = 2024

const options = parseBenchOptions(process.argv.slice(2))
mkdirSync(options.workDir, { recursive: true })
const target = await createBenchDatabase({
  kind: options.db,
  name: 'explain',
  workDir: options.workDir,
  postgresUrl: options.postgresUrl,
})
const handle = await target.open()
try {
  await migrateToLatest(handle.db)
  const data = await seedMainData(handle.db, {
    dealers: options.dealers,
    enrollments: options.enrollments,
    lmaShare: options.lmaShare,
    year: LIST_YEAR,
    // The dashboard compares the year with the one before it.
    years: 2,
  })
  process.stdout.write(
    `${target.label}: ${data.dealers} directory dealers, ${data.enrollments} enrollments (${data.dealerRows} dealer rows) in ${LIST_YEAR}\n\n`,
  )
  const checks = await checkPlans(handle.db, data, LIST_YEAR)
  printPlans(checks)
  if (checks.some((check) => !check.usesIndex)) process.exitCode = 1
} finally {
  await handle.close()
  if (!options.keep) await target.drop()
}
