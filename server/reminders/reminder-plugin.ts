import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { createEnrollmentContext } from '../enrollment/enrollment-context.js'
import { recordRemindersWhenSent } from './reminder-history.js'
import { ReminderScheduler } from './reminder-scheduler.js'
import { sendDueReminders } from './send-due-reminders.js'

export interface ReminderOptions {
  /** How often each instance looks for due reminders; 15 minutes unless a test says otherwise. */
  intervalMs?: number
  /** Tests that send reminders themselves turn the schedule off. */
  schedule?: boolean
}

/**
 * The first look waits this long after the server is ready (or one interval, if shorter): on the
 * embedded database it runs on the server's one thread, and at once it held back the first
 * answers, /readyz's among them, by 30 to 65 ms of every start (docs/performance.md).
 */
const FIRST_RUN_MS = 1000

/**
 * Authorization reminders on a schedule (docs/product.md#authorization-reminders), in every
 * instance: each reminder is sent once whatever the number of instances (sendDueReminders).
 * REMINDER_AFTER_DAYS=0 or REMINDER_MAX=0 turns them off.
 */
const reminderPlugin: FastifyPluginAsync<ReminderOptions> = async (app, options) => {
  const { config } = app
  const rules = { afterDays: config.REMINDER_AFTER_DAYS, max: config.REMINDER_MAX }
  // Also with the schedule off: a reminder queued earlier, or sent again, is recorded when sent.
  recordRemindersWhenSent(app.mail.outbox, app.database.db)
  if (options.schedule === false || rules.afterDays === 0 || rules.max === 0) return
  const context = createEnrollmentContext(app.database.db, config, app.mail)
  const intervalMs = options.intervalMs ?? 15 * 60_000
  const scheduler = new ReminderScheduler({
    run: (keepGoing) => sendDueReminders(context, rules, keepGoing),
    log: app.log,
    intervalMs,
    firstRunMs: Math.min(FIRST_RUN_MS, intervalMs),
  })
  app.addHook('onReady', async () => scheduler.start())
  app.addHook('onClose', async () => scheduler.stop())
}

export default fp(reminderPlugin, { name: 'reminders', dependencies: ['mail'] })
