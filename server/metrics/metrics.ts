import { redactUrl } from '../http/redaction.js'
import type { JobRun, OutboxFigures, PoolUse, RequestObserver, Scrape } from './metrics-contract.js'
import type { PrometheusMetrics } from './prometheus-metrics.js'

export type { JobRun, OutboxFigures, PoolUse, RequestObserver, Scrape } from './metrics-contract.js'

type Call = (metrics: PrometheusMetrics) => void

/**
 * The most calls that wait for prom-client: an instance that is busy and never scraped loads it
 * once this many have been counted, so what waits stays about a megabyte.
 */
export const MOST_WAITING_CALLS = 10_000

/**
 * The application's metrics for one app (a test builds many in one process). prom-client and
 * the registry (prometheus-metrics.ts) load on first use: the first scrape, or once
 * MOST_WAITING_CALLS counts have waited for them. Until then each count waits as a call, and the
 * calls are made in order when they load, so what happened before the first scrape is in it;
 * start-up loads none of it (server/start-up.test.ts, docs/decisions.md).
 */
export class Metrics {
  private prometheus: PrometheusMetrics | undefined
  private loading: Promise<PrometheusMetrics> | undefined
  private waiting: Call[] = []
  private failed = false

  constructor(private readonly mostWaiting = MOST_WAITING_CALLS) {}

  /** How many counts wait for prom-client to load (0 once it has). */
  get waitingCalls(): number {
    return this.waiting.length
  }

  /**
   * The observer of one route pattern, made once when the route is registered; its prom-client
   * observer is made on the first request counted after prom-client has loaded. A route's label
   * is its pattern (`/api/status/:token`), never a request's path; it goes through redactUrl all
   * the same, as the log's URLs and the traces do (server/http/redaction.ts).
   */
  routeObserver(pattern: string): RequestObserver {
    const route = redactUrl(pattern)
    let loaded: RequestObserver | undefined
    const observer = (metrics: PrometheusMetrics) => {
      loaded ??= metrics.routeObserver(route)
      return loaded
    }
    return (method, statusCode, elapsedMs) => {
      if (this.prometheus) observer(this.prometheus)(method, statusCode, elapsedMs)
      else this.wait((metrics) => observer(metrics)(method, statusCode, elapsedMs))
    }
  }

  jobRun(run: JobRun): void {
    this.call((metrics) => metrics.jobRun(run))
  }

  /** A job that may run is counted from the start (0), so that rate() and increase() see it. */
  knowJob(job: string): void {
    this.call((metrics) => metrics.knowJob(job))
  }

  rateLimitRefused(pattern: string): void {
    const route = redactUrl(pattern)
    this.call((metrics) => metrics.rateLimitRefused(route))
  }

  /** The text of a scrape, with the outbox and the pool as they are now (undefined: unknown). */
  async scrape(outbox: OutboxFigures | undefined, pool: PoolUse | undefined): Promise<Scrape> {
    return (await this.load()).scrape(outbox, pool)
  }

  /** Loads prom-client and the registry once, and makes the calls that waited for them. */
  private load(): Promise<PrometheusMetrics> {
    this.loading ??= import('./prometheus-metrics.js').then(
      ({ PrometheusMetrics }) => {
        const metrics = new PrometheusMetrics()
        for (const call of this.waiting) call(metrics)
        this.waiting = []
        this.prometheus = metrics
        return metrics
      },
      (error: unknown) => {
        // Every scrape answers the error (a 500, logged); counts are not kept meanwhile.
        this.failed = true
        this.waiting = []
        throw error
      },
    )
    return this.loading
  }

  private call(call: Call): void {
    if (this.prometheus) call(this.prometheus)
    else this.wait(call)
  }

  private wait(call: Call): void {
    if (this.failed) return
    this.waiting.push(call)
    // The load's failure is the next scrape's to answer.
    if (this.waiting.length >= this.mostWaiting) this.load().catch(() => undefined)
  }
}
