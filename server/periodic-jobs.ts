import type { FastifyInstance } from 'fastify'
import type { AppContext } from './app-context.js'
import { type DraftPurgeOptions, draftPurgeJob } from './draft/draft-purge-job.js'
import {
  type ListChangesPurgeOptions,
  listChangesPurgeJob,
} from './enrollment-list/list-changes-purge-job.js'
import { type ReminderOptions, reminderJob } from './reminders/reminder-job.js'
import { type RetentionOptions, retentionJob } from './retention/retention-job.js'
import type { PeriodicJob } from './scheduler/scheduler.js'
import { type ShipmentNoticeOptions, shipmentNoticesJob } from './shipping/shipment-notices-job.js'
import {
  type StatusLinkPurgeOptions,
  statusLinkPurgeJob,
} from './status-link/status-link-purge-job.js'

export interface PeriodicJobOptions {
  reminders?: ReminderOptions
  draftPurge?: DraftPurgeOptions
  retention?: RetentionOptions
  listChangesPurge?: ListChangesPurgeOptions
  statusLinkPurge?: StatusLinkPurgeOptions
  shipmentNotices?: ShipmentNoticeOptions
  mailRetention?: { everyMs?: number; schedule?: boolean }
}

/**
 * Every job the scheduler runs (server/scheduler/): a new periodic job is one more line here.
 * It lives beside app.ts, which hands it to the scheduler, because the jobs belong to the noun
 * folders above the scheduler's floor.
 */
export function periodicJobs(
  app: FastifyInstance,
  context: AppContext,
  options: PeriodicJobOptions,
): PeriodicJob[] {
  return [
    reminderJob(context, options.reminders),
    draftPurgeJob(context, options.draftPurge),
    statusLinkPurgeJob(context, options.statusLinkPurge),
    retentionJob(app, context, options.retention),
    listChangesPurgeJob(context, options.listChangesPurge),
    mailRetentionJob(context, options.mailRetention),
    shipmentNoticesJob(context, options.shipmentNotices),
  ].filter((job): job is PeriodicJob => job !== undefined)
}

/**
 * The outbox's retention (docs/security.md#capabilities): a sent mail's text and attachments
 * are erased OUTBOX_BODY_RETENTION_DAYS after it left, a held-back mail about no enrollment is
 * deleted a day after, and the mail budgets' counts of past days go. The mail service is below
 * the scheduler's floor, so its job is made here.
 */
function mailRetentionJob(
  context: AppContext,
  options: { everyMs?: number; schedule?: boolean } = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  return {
    name: 'mail-retention',
    everyMs: options.everyMs ?? 60 * 60_000,
    run: async () =>
      (await context.outbox.eraseOld(context.config.OUTBOX_BODY_RETENTION_DAYS)) +
      (await context.mailBudgets.purgeOld(context.db)),
    logAs: 'old mail texts erased and budgets cleared',
  }
}
