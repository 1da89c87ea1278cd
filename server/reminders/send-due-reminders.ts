import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import { authorizationRequest } from '../mail/enrollee-mails.js'
import type { ReminderRepository, ReminderRules } from './reminder-repository.js'

/** What the reminders are handed: the enrollment's part of the app's context, and their own repository. */
export interface ReminderContext extends EnrollmentContext {
  reminders: ReminderRepository
}

/**
 * Queues every due authorization reminder, each in a transaction of its own that locks the
 * enrollment, queues the mail and counts the reminder: a process that dies midway leaves each
 * reminder either wholly queued or not at all, and instances running at once never take the
 * same enrollment. The history records the reminder when the mail is sent
 * (reminder-history.ts). Answers how many were queued.
 */
export async function sendDueReminders(
  context: ReminderContext,
  rules: Omit<ReminderRules, 'year'>,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  const due = { ...rules, year: context.config.ENROLLMENT_YEAR }
  if (due.afterDays <= 0 || due.max <= 0) return 0
  const { reminders } = context
  let sent = 0
  while (keepGoing()) {
    const done = await context.db.transaction().execute(async (trx) => {
      const reminder = await reminders.lockDue(trx, due)
      if (!reminder) return false
      const enrollment = await context.enrollments.findByGuid(reminder.guid, trx)
      if (!enrollment) return false
      const again = authorizationRequest(context.config, enrollment, {
        reminderOf: reminder.requestedAt,
      })
      if (again) await context.outbox.enqueue(trx, again)
      await reminders.markReminded(trx, reminder.id)
      return true
    })
    if (!done) break
    sent += 1
    context.mailQueued()
  }
  return sent
}
