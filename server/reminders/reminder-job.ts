import type { PeriodicJob } from '../scheduler/scheduler.js'
import { type ReminderContext, sendDueReminders } from './send-due-reminders.js'

export interface ReminderOptions {
  /** How often the reminders are looked for; 15 minutes unless a test says otherwise. */
  intervalMs?: number
  /** Tests that send reminders themselves turn the schedule off. */
  schedule?: boolean
}

/**
 * Authorization reminders on the schedule (docs/product.md#authorization-reminders); each
 * reminder is sent once whatever the number of instances (sendDueReminders locks each
 * enrollment). REMINDER_AFTER_DAYS=0 or REMINDER_MAX=0 turns them off: no job.
 */
export function reminderJob(
  context: ReminderContext,
  options: ReminderOptions = {},
): PeriodicJob | undefined {
  const { config } = context
  const rules = { afterDays: config.REMINDER_AFTER_DAYS, max: config.REMINDER_MAX }
  if (options.schedule === false || rules.afterDays === 0 || rules.max === 0) return undefined
  return {
    name: 'authorization-reminders',
    everyMs: options.intervalMs ?? 15 * 60_000,
    run: (keepGoing) => sendDueReminders(context, rules, keepGoing),
    logAs: 'authorization reminders sent',
  }
}
