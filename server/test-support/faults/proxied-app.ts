import type { FastifyInstance, InjectOptions } from 'fastify'
import { type DatabaseHandle, openDatabase } from '../../db/database.js'
import { dealerEnrollment } from '../enrollment-fixtures.js'
import { createTestDatabase, type TestDatabase } from '../test-database.js'
import { isProblem, type LogRecord, startFaultApp } from './fault-app.js'
import { TcpProxy } from './tcp-proxy.js'

/** Timeouts small enough for a test; production uses the defaults of openDatabase. */
export const TIMEOUTS = {
  connectionTimeoutMs: 1000,
  statementTimeoutMs: 1500,
  queryTimeoutMs: 2000,
}
/** The longest a request may take while the database is away: one connect or one query timeout, and slack. */
export const BOUND_MS = 4000

export interface ProxiedApp {
  app: FastifyInstance
  logs: LogRecord[]
  proxy: TcpProxy
  /** The test's own handle on the same database, not through the proxy. */
  direct: TestDatabase
  close(): Promise<void>
}

/** The real app on PostgreSQL through a TCP proxy the test can cut, black-hole and restore. */
export async function startProxiedApp(): Promise<ProxiedApp> {
  const direct = await createTestDatabase('postgres')
  const target = new URL(direct.url ?? '')
  const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) })
  const handle: DatabaseHandle = await openDatabase({
    databaseUrl: proxy.via(direct.url ?? ''),
    dataDir: '',
    ...TIMEOUTS,
  })
  const { app, logs } = await startFaultApp(handle, {}, { pollMs: 100 })
  return {
    app,
    logs,
    proxy,
    direct,
    close: async () => {
      await app.close()
      await handle.close()
      await proxy.close()
      await direct.close()
    },
  }
}

export interface TimedAnswer {
  statusCode: number
  body: string
  ms: number
}

/** A request through inject(), timed. */
export async function timed(
  app: FastifyInstance,
  options: InjectOptions | string,
): Promise<TimedAnswer> {
  const started = Date.now()
  const response = await app.inject(options)
  return { statusCode: response.statusCode, body: response.body, ms: Date.now() - started }
}

export const submit = (app: FastifyInstance) =>
  timed(app, { method: 'POST', url: '/api/enrollments', payload: dealerEnrollment() })

/** What every request must answer while the database is away: a 503 problem, in bounded time. */
export function failedCleanly(answer: TimedAnswer): boolean {
  return isProblem(answer, 503) && answer.ms < BOUND_MS
}
