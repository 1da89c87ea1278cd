import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import { recordRemindersWhenSent } from './reminder-history.js'

type ReminderPluginOptions = { context: Parameters<typeof recordRemindersWhenSent>[0] }

/**
 * A reminder is recorded in the history when its mail is sent, whether the schedule queued it
 * (server/reminders/reminder-job.ts, run by server/scheduler/) or an administrator sent it again.
 */
const reminderPlugin: FastifyPluginAsync<ReminderPluginOptions> = async (_app, { context }) => {
  recordRemindersWhenSent(context)
}

export default fp(reminderPlugin, { name: 'reminders', dependencies: ['mail'] })
