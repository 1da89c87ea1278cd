import type { FastifyPluginAsync } from 'fastify'
import { problem } from '../http/app-error.js'

export const healthRoutes: FastifyPluginAsync = async (app) => {
  // Probes come every few seconds: log them only when something is wrong.
  const logLevel = app.config.LOG_LEVEL === 'silent' ? 'silent' : 'warn'
  app.get('/healthz', { logLevel }, async () => ({ status: 'ok' }))

  // Ready means the database answers. Redis (REDIS_URL) is reported, never required: without it
  // the rate limits count per instance, and the site works on.
  app.get('/readyz', { logLevel }, async (request, reply) => {
    const redis = app.redis?.reachable()
    try {
      await withTimeout(app.database.ping(), 2000)
    } catch (error) {
      request.log.warn({ err: error }, 'database not ready')
      return reply
        .code(503)
        .type('application/problem+json; charset=utf-8')
        .send(problem(503, 'The database is not reachable.'))
    }
    const ready = { status: 'ready', database: app.database.kind }
    if (!redis) return ready
    return { ...ready, redis: (await redis) ? 'reachable' : 'unreachable' }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
