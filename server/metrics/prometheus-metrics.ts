import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import {
  type JobRun,
  METRIC_NAMES,
  type OutboxFigures,
  type PoolUse,
  type RequestObserver,
  type Scrape,
} from './metrics-contract.js'

/*
 * The metrics in prom-client's registry. Only metrics.ts imports this module, on first use
 * (docs/decisions.md, "Metrics: prom-client...").
 */

/** Node's process metrics (CPU, memory, event loop, GC): one set per process, however many apps. */
let processRegistry: Registry | undefined
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry()
    collectDefaultMetrics({ register: processRegistry })
  }
  return processRegistry
}

/** The application's metrics for one app (a test builds many in one process), in prom-client. */
export class PrometheusMetrics {
  private readonly registry = new Registry()
  private readonly requests = new Histogram({
    name: METRIC_NAMES.requests,
    help: 'Requests by method, route pattern and status class, and how long each took to answer.',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers: [this.registry],
  })
  private readonly outboxPending = new Gauge({
    name: METRIC_NAMES.outboxPending,
    help: 'Mails in the outbox not sent yet and still tried (queued, sending or retrying).',
    registers: [this.registry],
  })
  private readonly outboxOldestAge = new Gauge({
    name: METRIC_NAMES.outboxOldestAge,
    help: 'How long the oldest pending mail has waited, in seconds (0 when none is pending).',
    registers: [this.registry],
  })
  private readonly outboxFailed = new Gauge({
    name: METRIC_NAMES.outboxFailed,
    help: 'Mails the worker gave up on after its last attempt (the Mails panel says failed).',
    registers: [this.registry],
  })
  private readonly jobRuns = new Counter({
    name: METRIC_NAMES.jobRuns,
    help: 'Runs of each periodic job by this instance, by outcome (success or failure).',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  })
  private readonly jobDone = new Counter({
    name: METRIC_NAMES.jobDone,
    help: 'What the periodic jobs did: authorization-reminders counts reminder mails, draft-purge drafts purged, data-retention enrollments erased, list-changes-purge the admin list’s old changes deleted.',
    labelNames: ['job'] as const,
    registers: [this.registry],
  })
  private readonly rateLimitRefusals = new Counter({
    name: METRIC_NAMES.rateLimitRefusals,
    help: 'Requests refused with 429 by a per-client rate limit, by route pattern.',
    labelNames: ['route'] as const,
    registers: [this.registry],
  })
  private readonly poolConnections = new Gauge({
    name: METRIC_NAMES.poolConnections,
    help: 'PostgreSQL connections of this instance, by state (in use or idle); none on PGlite.',
    labelNames: ['state'] as const,
    registers: [this.registry],
  })
  private readonly poolWaiting = new Gauge({
    name: METRIC_NAMES.poolWaiting,
    help: 'Queries waiting for a PostgreSQL connection of this instance; none on PGlite.',
    registers: [this.registry],
  })

  /**
   * The observer of one route pattern, made once when the route is registered: a request then
   * costs a histogram observation, its labels' child made the first time a method and status
   * class are seen.
   */
  routeObserver(route: string): RequestObserver {
    const children = new Map<string, Array<{ observe(value: number): void } | undefined>>()
    return (method, statusCode, elapsedMs) => {
      let byClass = children.get(method)
      if (!byClass) {
        byClass = []
        children.set(method, byClass)
      }
      const statusClass = Math.floor(statusCode / 100)
      let child = byClass[statusClass]
      if (!child) {
        child = this.requests.labels({ method, route, status_class: `${statusClass}xx` })
        byClass[statusClass] = child
      }
      child.observe(elapsedMs / 1000)
    }
  }

  jobRun(run: JobRun): void {
    this.jobRuns.inc({ job: run.job, outcome: run.outcome })
    if (run.done > 0) this.jobDone.inc({ job: run.job }, run.done)
  }

  /** A job that may run is counted from the start (0), so that rate() and increase() see it. */
  knowJob(job: string): void {
    this.jobRuns.inc({ job, outcome: 'success' }, 0)
    this.jobRuns.inc({ job, outcome: 'failure' }, 0)
    this.jobDone.inc({ job }, 0)
  }

  rateLimitRefused(route: string): void {
    this.rateLimitRefusals.inc({ route })
  }

  /** The text of a scrape, with the outbox and the pool as they are now (undefined: unknown). */
  async scrape(outbox: OutboxFigures | undefined, pool: PoolUse | undefined): Promise<Scrape> {
    if (outbox) {
      this.outboxPending.set(outbox.pending)
      this.outboxOldestAge.set(outbox.oldestPendingAgeSeconds)
      this.outboxFailed.set(outbox.failed)
    } else {
      this.outboxPending.reset()
      this.outboxOldestAge.reset()
      this.outboxFailed.reset()
    }
    if (pool) {
      this.poolConnections.set({ state: 'used' }, pool.total - pool.idle)
      this.poolConnections.set({ state: 'idle' }, pool.idle)
      this.poolWaiting.set(pool.waiting)
    }
    const [app, process] = await Promise.all([this.registry.metrics(), processMetrics().metrics()])
    return { contentType: this.registry.contentType, text: `${app}\n${process}` }
  }
}
