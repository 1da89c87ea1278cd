import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'

/**
 * The shared counters' store. It must never hold a request up: a command is sent only while
 * the connection is up (no offline queue), answers in at most COMMAND_TIMEOUT_MS or fails, and
 * the client keeps reconnecting in the background however long Redis is away.
 */
const COMMAND_TIMEOUT_MS = 500
const CONNECT_TIMEOUT_MS = 2_000
const MAX_RECONNECT_DELAY_MS = 2_000
/** After a failed command, how long the instance counts on its own before it tries Redis again. */
const RETRY_AFTER_FAILURE_MS = 2_000

export class RedisConnection {
  readonly client: Redis
  private down = false
  private retryAt = 0

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      autoResendUnfulfilledCommands: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: CONNECT_TIMEOUT_MS,
      retryStrategy: (attempt) => Math.min(attempt * 100, MAX_RECONNECT_DELAY_MS),
      connectionName: 'pos-enrollment',
    })
    // Every failed reconnect emits an error: the log says when Redis goes away and comes back.
    this.client.on('error', (error) => this.markDown(error))
    this.client.on('ready', () => this.markUp())
  }

  /**
   * Whether a command may be sent now: connected, and not failing (a connection that looks up
   * but whose commands time out is tried again every RETRY_AFTER_FAILURE_MS).
   */
  get usable(): boolean {
    return this.client.status === 'ready' && (!this.down || Date.now() >= this.retryAt)
  }

  /** Redis went away, or a command failed (for instance timed out on a Redis that hangs). */
  markDown(error: unknown): void {
    this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS
    if (this.down) return
    this.down = true
    this.log.warn(
      { err: error },
      'Redis is not reachable: each instance counts rate limits on its own until it is back',
    )
  }

  /** A command succeeded, or the connection is (re)established. */
  markUp(): void {
    if (!this.down) return
    this.down = false
    this.log.info('Redis is reachable again: rate limits are shared by all instances')
  }

  /** Whether Redis answers a PING now (for /readyz). */
  async reachable(): Promise<boolean> {
    if (this.client.status !== 'ready') return false
    try {
      return (await this.client.ping()) === 'PONG'
    } catch {
      return false
    }
  }

  async close(): Promise<void> {
    if (this.client.status === 'ready') {
      await this.client.quit().catch(() => this.client.disconnect())
    } else {
      this.client.disconnect()
    }
  }
}
