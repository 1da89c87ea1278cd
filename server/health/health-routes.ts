import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { problem } from '../http/app-error.js'
import { problemResponses } from '../http/openapi-schemas.js'

const liveRoute = {
  summary: 'The process answers',
  tags: ['Health'],
  response: { 200: z.object({ status: z.literal('ok') }), ...problemResponses },
}

const readyRoute = {
  summary: 'The process and its database answer',
  tags: ['Health'],
  response: {
    200: z.object({
      status: z.literal('ready'),
      database: z.enum(['pglite', 'postgres']),
      /** Only with REDIS_URL: whether the shared rate-limit counts can be reached. */
      redis: z.enum(['reachable', 'unreachable']).optional(),
    }),
    ...problemResponses,
  },
}

export const healthRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>()
  // Probes come every few seconds: log them only when something is wrong.
  const logLevel = app.config.LOG_LEVEL === 'silent' ? 'silent' : 'warn'
  app.get('/healthz', { logLevel, schema: liveRoute }, async () => ({ status: 'ok' as const }))

  // Ready means the database answers. Redis (REDIS_URL) is reported, never required: without it
  // the rate limits count per instance, and the site works on.
  app.get('/readyz', { logLevel, schema: readyRoute }, async (request, reply) => {
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
    const ready = { status: 'ready' as const, database: app.database.kind }
    if (!redis) return ready
    return { ...ready, redis: (await redis) ? ('reachable' as const) : ('unreachable' as const) }
  })
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
