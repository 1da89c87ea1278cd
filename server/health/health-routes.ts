import type { FastifyPluginAsync } from 'fastify'
import { problem } from '../http/app-error.js'

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Probes come every few seconds: log them only when something is wrong.
  const logLevel = app.config.LOG_LEVEL === 'silent' ? 'silent' : 'warn'
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }))

  app.get('/readyz', { logLevel }, async (request, reply) => {
    try {
      await withTimeout(app.database.ping(), 2000)
      return { status: 'ready', database: app.database.kind }
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready')
      return reply
        .code(503)
        .type('application/problem+json; charset=utf-8')
        .send(problem(503, 'The database is not reachable.'))
    }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
