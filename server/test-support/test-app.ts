import type { FastifyInstance } from 'fastify'
import { type AppOptions, buildApp } from '../app.js'
import { type Config, loadConfig } from '../config/config.js'
import type { DatabaseKind } from '../db/database.js'
import { checkResponsesAgainstDocument } from './response-conformance.js'
import { createTestDatabase, type TestDatabase } from './test-database.js'

export interface TestApp {
  app: FastifyInstance
  database: TestDatabase
  config: Config
  close(): Promise<void>
}

/**
 * The real application on a fresh database of the given kind, for `app.inject()` tests. Every
 * answer is checked against the OpenAPI document; close() fails on any that differs.
 */
export async function createTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: Pick<
    AppOptions,
    'mail' | 'timeouts' | 'reminders' | 'draftPurge' | 'retention' | 'bacSuggestionTimes'
  > = {},
): Promise<TestApp> {
  const database = await createTestDatabase(kind)
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SUBMISSIONS: '100000',
    RATE_LIMIT_LOOKUPS: '100000',
    // The tests submit and save from one client to a few addresses: the budgets' own tests set theirs.
    MAIL_BUDGET_PER_ADDRESS: '10000',
    MAIL_BUDGET_SUBMISSIONS_PER_ADDRESS: '10000',
    MAIL_BUDGET_PER_CLIENT: '10000',
    DRAFTS_PER_ADDRESS: '10000',
    DRAFTS_PER_CLIENT: '10000',
    ...env,
  })
  const app = await buildApp({
    config,
    database,
    mail: { pollMs: 100, retryBaseMs: 100, ...options.mail },
    timeouts: options.timeouts,
    reminders: options.reminders,
    draftPurge: options.draftPurge,
    // Off unless a test asks for it: each run writes an entry of the audit trail, which the
    // audit trail's own tests count.
    retention: options.retention ?? { schedule: false },
    bacSuggestionTimes: options.bacSuggestionTimes,
  })
  const mismatches = checkResponsesAgainstDocument(app)
  await app.ready()
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close()
      await database.close()
      if (mismatches.length > 0) {
        throw new Error(`Answers that differ from /api/openapi.json:\n${mismatches.join('\n')}`)
      }
    },
  }
}
