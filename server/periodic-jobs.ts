import type { FastifyInstance } from 'fastify'
import { type DraftPurgeOptions, draftPurgeJob } from './draft/draft-purge-job.js'
import {
  type ListChangesPurgeOptions,
  listChangesPurgeJob,
} from './enrollment/list-changes-purge-job.js'
import { type ReminderOptions, reminderJob } from './reminders/reminder-job.js'
import { type RetentionOptions, retentionJob } from './retention/retention-job.js'
import type { PeriodicJob } from './scheduler/scheduler.js'

export interface PeriodicJobOptions {
  reminders?: ReminderOptions
  draftPurge?: DraftPurgeOptions
  retention?: RetentionOptions
  listChangesPurge?: ListChangesPurgeOptions
}

/**
 * Every job the scheduler runs (server/scheduler/): a new periodic job is one more line here.
 * It lives beside app.ts, which hands it to the scheduler, because the jobs belong to the noun
 * folders above the scheduler's floor.
 */
export function periodicJobs(app: FastifyInstance, options: PeriodicJobOptions): PeriodicJob[] {
  return [
    reminderJob(app, options.reminders),
    draftPurgeJob(app, options.draftPurge),
    retentionJob(app, options.retention),
    listChangesPurgeJob(app, options.listChangesPurge),
  ].filter((job): job is PeriodicJob => job !== undefined)
}
