import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app.js'
import { type Config, loadConfig } from '../config/config.js'
import type { DatabaseKind } from '../db/database.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'

export interface TestApp {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  close(): Promise<void>
}

/** The real application on a fresh database of the given kind, for `app.inject()` tests. */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind)
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })
  const app = await buildApp({ config, database })
  await app.ready()
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
