import { z } from 'zod'

/** `GET /api/enrollments/{guid}/authorization` (docs/product.md#authorization-reminders). */
export const authorizationRemindersSchema = z
  .object({
    requestedAt: z.iso
      .datetime()
      .nullable()
      .describe(
        'When the authorization was last requested (submission or re-authorization); null for a dealer enrollment.',
      ),
    remindersSent: z.int().min(0).describe('Reminders sent since that request.'),
    lastReminderAt: z.iso.datetime().nullable(),
    reminderAfterDays: z.int().describe('REMINDER_AFTER_DAYS; 0: reminders are off.'),
    reminderMax: z.int().describe('REMINDER_MAX; 0: reminders are off.'),
  })
  .meta({ id: 'AuthorizationReminders' })

export type AuthorizationReminders = z.output<typeof authorizationRemindersSchema>
