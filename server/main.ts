import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config/config.js'
import { openDatabase } from './db/database.js'
import { migrateToLatest } from './db/migrate.js'
import { seedDemoDataIfWanted } from './demo-data/seed-demo-data-if-wanted.js'
import { findWebRoot } from './web/web-root.js'

async function main(): Promise<void> {
  const config = loadConfig()
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  })
  await migrateToLatest(database.db)
  const seeded = await seedDemoDataIfWanted(database.db, config)
  const app = await buildApp({ config, database, webRoot: findWebRoot() })
  app.addHook('onClose', async () => {
    await database.close()
  })

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, 10_000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.on('SIGTERM', () => shutdown('SIGTERM'))
  process.on('SIGINT', () => shutdown('SIGINT'))

  await app.listen({ port: config.PORT, host: config.HOST })
  if (seeded?.seeded) app.log.info(seeded, 'demo data seeded into the empty database')
  app.log.info(
    { database: database.kind, url: config.PUBLIC_URL },
    'Dealer Funded POS Program is ready',
  )
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
