import type { FastifyInstance } from 'fastify'
import { type DraftPurgeOptions, draftPurgeJob } from '../draft/draft-purge-job.js'
import { type ReminderOptions, reminderJob } from '../reminders/reminder-job.js'
import type { PeriodicJob } from './scheduler.js'

export interface PeriodicJobOptions {
  reminders?: ReminderOptions
  draftPurge?: DraftPurgeOptions
}

/** Every job the scheduler runs: a new periodic job is one more line here. */
export function periodicJobs(app: FastifyInstance, options: PeriodicJobOptions): PeriodicJob[] {
  return [reminderJob(app, options.reminders), draftPurgeJob(app, options.draftPurge)].filter(
    (job): job is PeriodicJob => job !== undefined,
  )
}
