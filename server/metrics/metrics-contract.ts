// What the application's metrics are told and what a scrape answers, and the metrics' names:
// shared by metrics.ts, which the app holds, and prometheus-metrics.ts, which it loads on first use.

/** What the outbox holds when /metrics is scraped (server/mail/outbox-repository.ts). */
export interface OutboxFigures {
  /** Mails not sent yet and still tried (queued, sending, retrying). */
  pending: number
  /** How long the oldest of them has waited, in seconds (0 without one). */
  oldestPendingAgeSeconds: number
  /** Mails the worker gave up on (the Mails panel's "failed"). */
  failed: number
}

/** The PostgreSQL pool's connections (pg's Pool counts); PGlite has none. */
export interface PoolUse {
  total: number
  idle: number
  waiting: number
}

/** How one run of a periodic job ended (server/scheduler/scheduler.ts reports each). */
export interface JobRun {
  job: string
  outcome: 'success' | 'failure'
  /** What the run did (reminder mails queued, drafts purged); 0 after a failure. */
  done: number
}

/** Counts a request: its method, its status and how long it took (ms), for one route pattern. */
export type RequestObserver = (method: string, statusCode: number, elapsedMs: number) => void

/**
 * The metric names docs/deployment.md's alerts use: renaming one is a change to the operators'
 * alert rules, so each is named once, here.
 */
export const METRIC_NAMES = {
  requests: 'pos_http_request_duration_seconds',
  outboxPending: 'pos_outbox_pending_mails',
  outboxOldestAge: 'pos_outbox_oldest_pending_age_seconds',
  outboxFailed: 'pos_outbox_failed_mails',
  jobRuns: 'pos_periodic_job_runs_total',
  jobDone: 'pos_periodic_job_done_total',
  rateLimitRefusals: 'pos_rate_limit_refusals_total',
  poolConnections: 'pos_db_pool_connections',
  poolWaiting: 'pos_db_pool_waiting_requests',
} as const

/** What a scrape answers: the Prometheus text exposition format and its content type. */
export interface Scrape {
  contentType: string
  text: string
}
