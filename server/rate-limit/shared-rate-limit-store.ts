import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Redis } from 'ioredis'
import type { RedisConnection } from './redis-connection.js'

type Counted = { current: number; ttl: number }
type Callback = (error: Error | null, result?: Counted) => void

/** What @fastify/rate-limit hands a store's child: the route it counts for, and its group. */
interface ChildOptions {
  routeInfo?: { method?: string | string[]; url?: string }
  groupId?: string
}

const KEY_PREFIX = 'pos-enrollment:rate-limit:'

/**
 * One fixed window per key: the first request sets the window's expiry, later ones only count.
 * Answers the count and the window's remaining milliseconds.
 */
const COUNT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if current == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}`

type CountingRedis = Redis & {
  countRateLimit(key: string, windowMs: number): Promise<[number, number]>
}

/** Fixed-window counts in this process: the store while Redis is away. */
class LocalCounts {
  private static readonly MAX_KEYS = 10_000
  private readonly windows = new Map<string, { current: number; endsAt: number }>()

  count(key: string, windowMs: number): Counted {
    const now = Date.now()
    let window = this.windows.get(key)
    if (!window || window.endsAt <= now) {
      window = { current: 0, endsAt: now + windowMs }
      this.windows.delete(key)
      this.windows.set(key, window)
      this.trim(now)
    }
    window.current += 1
    return { current: window.current, ttl: window.endsAt - now }
  }

  /** Keeps memory bounded: expired windows go first, then the oldest. */
  private trim(now: number): void {
    if (this.windows.size <= LocalCounts.MAX_KEYS) return
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key)
    }
    for (const key of this.windows.keys()) {
      if (this.windows.size <= LocalCounts.MAX_KEYS) break
      this.windows.delete(key)
    }
  }
}

/**
 * The store of every per-client limit. The routes of one group (`groupId`: the submissions,
 * the look-ups, see client-limits.ts) count against one count per client, whichever of them a
 * request calls; a route without a group counts on its own.
 *
 * With Redis (REDIS_URL) the counts live there, so every instance behind the load balancer
 * counts against one limit. While Redis cannot be reached (or does not answer in time) each
 * instance counts on its own, as it does without Redis: requests are neither refused nor held up
 * by the outage. RedisConnection logs when that starts and ends.
 */
export function sharedRateLimitStore(
  connection: RedisConnection | undefined,
): FastifyRateLimitStoreCtor {
  const redis = connection?.client as CountingRedis | undefined
  redis?.defineCommand('countRateLimit', { numberOfKeys: 1, lua: COUNT_SCRIPT })
  // One count in this process for every child: a group's routes share their keys.
  const local = new LocalCounts()

  class SharedStore {
    private readonly prefix: string

    constructor(_options?: unknown, prefix = KEY_PREFIX) {
      this.prefix = prefix
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fallBack = () => callback(null, local.count(this.prefix + key, timeWindow))
      if (!connection || !redis || !connection.usable) {
        fallBack()
        return
      }
      redis.countRateLimit(this.prefix + key, timeWindow).then(
        ([current, ttl]) => {
          connection.markUp()
          callback(null, { current, ttl })
        },
        (error: unknown) => {
          connection.markDown(error)
          fallBack()
        },
      )
    }

    child(options: ChildOptions): SharedStore {
      if (options.groupId)
        return new SharedStore(undefined, `${this.prefix}group:${options.groupId}:`)
      const { method = '', url = '' } = options.routeInfo ?? {}
      return new SharedStore(undefined, `${this.prefix}${String(method)}${url}:`)
    }
  }
  // The plugin's types describe a child's options as route options; it passes its own params.
  return SharedStore as unknown as FastifyRateLimitStoreCtor
}
