import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { recordRemindersWhenSent } from './reminder-history.js'

/**
 * A reminder is recorded in the history when its mail is sent, whether the schedule queued it
 * (server/reminders/reminder-job.ts, run by server/scheduler/) or an administrator sent it again.
 */
const reminderPlugin: FastifyPluginAsync = async (app) => {
  recordRemindersWhenSent(app.mail.outbox, app.database.db)
}

export default fp(reminderPlugin, { name: 'reminders', dependencies: ['mail'] })
