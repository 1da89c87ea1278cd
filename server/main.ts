import { buildApp } from './app.js'
import { createRepositories } from './app-context.js'
import { type Config, ConfigError, loadConfig } from './config/config.js'
import { provisionDataDir } from './db/data-dir-template.js'
import { type DatabaseHandle, openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { isDemoDataWanted } from './demo-data/demo-data-wanted.js'
import { seedDemoDataIfWanted } from './demo-data/seed-demo-data-if-wanted.js'
import { startTelemetry } from './telemetry/telemetry.js'
import { findWebRoot } from './web/web-root.js'

async function main(): Promise<void> {
  const config = loadConfig()
  // A new embedded database starts from the build's template (docs/decisions.md).
  const template = config.DATABASE_URL
    ? null
    : provisionDataDir({
        dataDir: config.DATA_DIR,
        demo: isDemoDataWanted(config)
          ? {
              year: config.ENROLLMENT_YEAR,
              brands: config.BRANDS,
              remitTo: config.REMIT_TO,
              calendar: config.programCalendar,
            }
          : null,
      })
  // Before the database and the app: the instrumentations patch pg and Fastify as they load.
  const telemetry = await startTelemetry({
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: config.OTEL_SERVICE_NAME,
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
  })
  let reportConnectionError = (_error: Error) => {}
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    onConnectionError: (error) => reportConnectionError(error),
  })
  await migrate(config, database)
  const seeded = await seedDemoDataIfWanted(
    { ...createRepositories(database.db), db: database.db },
    config,
  )
  const app = await buildApp({ config, database, webRoot: findWebRoot() })
  reportConnectionError = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool opens a new one')

  let closing = false
  // A response finishing during shutdown closes its connection: left open (keep-alive), it
  // would hold the server open until the client or the keep-alive timeout ends it.
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close')
  })
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    // The database closes after the app: after the last request and the mail worker's last
    // query (Fastify runs onClose hooks last-registered first, so not in one of them).
    app
      .close()
      .then(() => database.close())
      // The last spans are sent before the process ends.
      .then(() => telemetry?.shutdown())
      .then(
        () => {
          app.log.info('in-flight requests finished, database closed; exiting')
          process.exit(0)
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down')
          process.exit(1)
        },
      )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  if (template) app.log.info({ template }, "the new embedded database is a copy of the build's")
  if (seeded?.seeded) app.log.info(seeded, 'demo data seeded into the empty database')
  app.log.info(
    { database: database.kind, url: config.PUBLIC_URL },
    'Dealer Funded POS Program is ready',
  )
}

/**
 * Migrations on PostgreSQL run on connections of their own without statement timeouts: a long
 * migration, or waiting for another instance's under the advisory lock, may take longer than a
 * request may.
 */
async function migrate(config: Config, database: DatabaseHandle): Promise<void> {
  if (database.kind === 'pglite') {
    await migrateToLatest(database.db)
    return
  }
  const migrations = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  })
  try {
    await migrateToLatest(migrations.db)
  } finally {
    await migrations.close()
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`)
  } else {
    process.stderr.write(
      `Start-up failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
  }
  process.exit(1)
})
