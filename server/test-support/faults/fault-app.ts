import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config/config.js'
import type { DatabaseHandle } from '../../db/database.js'
import type { MailOptions } from '../../mail/mail-plugin.js'

export interface LogRecord {
  level: number
  msg: string
  [key: string]: unknown
}

/** The real application on a database handle the test owns; its log lines kept in `logs`. */
export async function startFaultApp(
  database: DatabaseHandle,
  env: Record<string, string> = {},
  mail: MailOptions = {},
): Promise<{ app: FastifyInstance; logs: LogRecord[] }> {
  const logs: LogRecord[] = []
  const config = loadConfig({
    NODE_ENV: 'test',
    RATE_LIMIT_SUBMISSIONS: '100000',
    RATE_LIMIT_LOOKUPS: '100000',
    // The fault tests submit bursts from one client to a few addresses: no mail is held back.
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
    logger: {
      level: 'debug',
      stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogRecord) },
    },
    mail: { pollMs: 50, retryBaseMs: 100, ...mail },
  })
  await app.ready()
  return { app, logs }
}

/** A problem body (RFC 9457) with this status, as every failed request must answer. */
export function isProblem(response: { statusCode: number; body: string }, status: number) {
  if (response.statusCode !== status) return false
  try {
    const body = JSON.parse(response.body) as { status?: unknown; detail?: unknown }
    return body.status === status && typeof body.detail === 'string'
  } catch {
    return false
  }
}
