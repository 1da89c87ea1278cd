import type {
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
} from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { bearerToken } from '../auth/bearer-token.js'
import { capabilityHash, capabilityMatches } from '../capability/capability-token.js'
import { isLoopback } from '../config/config.js'
import { AppError } from '../http/app-error.js'
import { fileResponse, problemResponses } from '../http/openapi-schemas.js'
import { Metrics, type OutboxFigures, type PoolUse } from './metrics.js'

export interface MetricsRouteOptions {
  /** The outbox's figures, read from its table at each scrape (the mail folder's repository). */
  outbox: () => Promise<OutboxFigures>
  /** The PostgreSQL pool's counts; undefined on PGlite. */
  pool: () => PoolUse | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's metrics (server/metrics/): what the scheduler and rate limits count. */
    metrics: Metrics
  }
}

export const METRICS_PATH = '/metrics'

const metricsRoute = {
  summary:
    'Prometheus metrics: requests, the outbox, periodic jobs, rate-limit refusals, the database pool and the process',
  description:
    'With METRICS_TOKEN set, the token as a bearer token (401 without it); unset, loopback clients only (403 for others, and for any request a proxy forwarded).',
  tags: ['Health'],
  security: [{ metricsToken: [] }],
  response: {
    200: fileResponse('text/plain', 'The Prometheus text exposition format (version 0.0.4).'),
    ...problemResponses,
  },
}

/**
 * GET /metrics for Prometheus, and the request counts behind it. Each route gets its own
 * observer when it is registered (onRoute), so a request costs one histogram observation; a
 * request no route matched (a page of the SPA, a 404) is counted under the route "unmatched".
 */
const metricsPlugin: FastifyPluginAsync = async (app) => {
  const metrics = new Metrics()
  app.decorate('metrics', metrics)

  app.addHook('onRoute', (route) => {
    const observe = metrics.routeObserver(routeLabel(route.url))
    const hook: onResponseHookHandler = (request, reply, done) => {
      observe(request.method, reply.statusCode, reply.elapsedTime)
      done()
    }
    const existing = route.onResponse
    route.onResponse = existing ? [...[existing].flat(), hook] : [hook]
  })
  const unmatched = metrics.routeObserver('unmatched')
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched(request.method, reply.statusCode, reply.elapsedTime)
    done()
  })
}

export default fp(metricsPlugin, { name: 'metrics' })

/**
 * A route's pattern, as the metrics name it; the built SPA's files (one route each, their names
 * hashed anew by every release) are counted together as `static`.
 */
export function routeLabel(url: string): string {
  return !url.startsWith('/api/') && /\.[a-z0-9]+$/i.test(url) ? 'static' : url
}

/** GET /metrics; registered after the API's document, which lists it (app.ts). */
export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, options) => {
  const { metrics } = app
  const tokenHash = app.config.METRICS_TOKEN ? capabilityHash(app.config.METRICS_TOKEN) : undefined
  const admit = (request: FastifyRequest, reply: FastifyReply) => {
    if (tokenHash) {
      const token = bearerToken(request.headers.authorization)
      if (token && capabilityMatches(tokenHash, token)) return
      reply.header('www-authenticate', 'Bearer realm="metrics"')
      throw new AppError(401, 'The metrics need the bearer token METRICS_TOKEN names.')
    }
    // Without a token only this machine may read them; a request a proxy forwarded came from
    // elsewhere, whatever address the proxy connects from.
    const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded
    if (forwarded !== undefined || !isLoopback(request.ip)) {
      throw new AppError(
        403,
        'The metrics answer clients on this machine only; set METRICS_TOKEN to read them from elsewhere.',
      )
    }
  }

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      METRICS_PATH,
      { logLevel: app.config.LOG_LEVEL === 'silent' ? 'silent' : 'warn', schema: metricsRoute },
      async (request, reply) => {
        admit(request, reply)
        let outbox: OutboxFigures | undefined
        try {
          outbox = await options.outbox()
        } catch (error) {
          request.log.warn({ err: error }, 'the outbox could not be read for the metrics')
        }
        const { contentType, text } = await metrics.scrape(outbox, options.pool())
        return reply.header('cache-control', 'no-store').type(contentType).send(Buffer.from(text))
      },
    )
}
