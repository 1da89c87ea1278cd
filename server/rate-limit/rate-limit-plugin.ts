import rateLimit from '@fastify/rate-limit'
import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '../http/app-error.js'
import type { RedisConnection } from './redis-connection.js'
import { sharedRateLimitStore } from './shared-rate-limit-store.js'

declare module 'fastify' {
  interface FastifyInstance {
    /** The Redis that holds the shared rate-limit counts, when REDIS_URL is set. */
    redis: RedisConnection | undefined
  }
}

/**
 * Per-client limits; a route opts in with `config: { rateLimit: { max, timeWindow } }`.
 *
 * Keyed by the plugin's default: request.ip (the proxy's client address only when TRUST_PROXY
 * trusts it), IPv6 addresses grouped by their /64, so that one client cannot dodge a limit by
 * spoofing X-Forwarded-For or by rotating addresses inside its own subnet.
 *
 * Routes of one group (client-limits.ts) share one count per client.
 *
 * Without REDIS_URL the counts live in this process, so N instances allow N times a limit; with
 * it they live in Redis and hold for all instances together (falling back to this process's own
 * counts while Redis is away).
 */
export interface RateLimitOptions {
  /** Told of each refusal, with the route pattern (the metrics count them). */
  onRefused?: (route: string) => void
}

const rateLimitPlugin: FastifyPluginAsync<RateLimitOptions> = async (app, { onRefused }) => {
  // ioredis is loaded only where REDIS_URL asks for it.
  const redis = app.config.REDIS_URL
    ? new (await import('./redis-connection.js')).RedisConnection(app.config.REDIS_URL, app.log)
    : undefined
  app.decorate('redis', redis)
  if (redis) app.addHook('onClose', () => redis.close())
  await app.register(rateLimit, {
    global: false,
    store: sharedRateLimitStore(redis),
    ...(onRefused
      ? { onExceeded: (request) => onRefused(request.routeOptions.url ?? 'unmatched') }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(
        context.statusCode,
        `Too many requests from your address. Please try again in ${context.after}.`,
      ),
  })
}

export default fp(rateLimitPlugin, { name: 'rate-limit' })
