import type { FastifyInstance, FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { ScheduledJobRepository } from './scheduled-job-repository.js'
import { type SchedulerOptions as Options, type PeriodicJob, Scheduler } from './scheduler.js'

export interface SchedulerOptions {
  /** The jobs, made once the plugins they use are registered (server/periodic-jobs.ts). */
  jobs: (app: FastifyInstance) => PeriodicJob[]
  /** The jobs' rows, which each instance claims a due job by (the app's context hands it). */
  scheduledJobs: ScheduledJobRepository
  /** Told how each run ended (app.ts hands it the metrics); each job is named to it first. */
  runs?: { knowJob(job: string): void; jobRun: NonNullable<Options['onRun']> }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The periodic jobs of this instance (tests run them with `runDue`). */
    scheduler: Scheduler
  }
}

/**
 * The first look waits this long after the server is ready (or one interval, if shorter): on the
 * embedded database it runs on the server's one thread, and at once it held back the first
 * answers, /readyz's among them, by 30 to 65 ms of every start (docs/performance.md).
 */
const FIRST_RUN_MS = 1000

/** One scheduler per instance for every periodic job; each job runs once across instances. */
const schedulerPlugin: FastifyPluginAsync<SchedulerOptions> = async (app, options) => {
  const jobs = options.scheduledJobs
  const { runs } = options
  const periodic = options.jobs(app)
  for (const job of periodic) runs?.knowJob(job.name)
  const scheduler = new Scheduler({
    jobs: periodic,
    ...(runs ? { onRun: (run) => runs.jobRun(run) } : {}),
    claim: (job) => jobs.claim(job.name, job.everyMs),
    dueAgainIn: (job, ms) => jobs.dueAgainIn(job.name, ms),
    log: app.log,
    firstRunMs: FIRST_RUN_MS,
  })
  app.decorate('scheduler', scheduler)
  app.addHook('onReady', async () => scheduler.start())
  app.addHook('onClose', async () => scheduler.stop())
}

export default fp(schedulerPlugin, { name: 'scheduler', dependencies: ['mail', 'reminders'] })
