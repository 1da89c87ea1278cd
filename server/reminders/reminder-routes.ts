import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { authorizationRemindersSchema } from '../../shared/reminders/authorization-reminders-schema.js'
import { staffOf } from '../auth/admin-routes-support.js'
import { NO_ENROLLMENT_MESSAGE } from '../enrollment/enrollment-scope.js'
import { guidParams } from '../enrollment/public-enrollment-routes.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import type { ReminderRepository } from './reminder-repository.js'

const remindersRoute = {
  summary: 'When an LMA enrollment’s authorization was last requested, and its reminders',
  tags: ['Admin'],
  security: adminSecurity,
  params: guidParams,
  response: { 200: authorizationRemindersSchema, ...problemResponses },
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

/** GET /api/enrollments/{guid}/authorization, for the detail dialog. */
export const reminderRoutes: FastifyPluginAsync<{
  context: { reminders: ReminderRepository }
}> = async (app, { context: { reminders } }) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/enrollments/:guid/authorization',
      { schema: remindersRoute, onRequest: [app.requireStaff, app.allow('view')] },
      async (request, reply) => {
        const found = await reminders.authorizationOf(
          app.database.db,
          request.params.guid,
          staffOf(request).scope,
        )
        if (!found) throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
        reply.header('cache-control', 'no-store')
        return {
          requestedAt: iso(found.authorization_requested_at),
          remindersSent: found.reminders_sent,
          lastReminderAt: iso(found.last_reminder_at),
          reminderAfterDays: app.config.REMINDER_AFTER_DAYS,
          reminderMax: app.config.REMINDER_MAX,
        }
      },
    )
}
