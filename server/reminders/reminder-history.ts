import type { HistoryRepository } from '../enrollment/history-repository.js'
import type { OutboxRepository, SentHook } from '../mail/outbox-repository.js'
import type { ReminderRepository } from './reminder-repository.js'

/** The history's words for a reminder and who sent it (docs/product.md#authorization-reminders). */
export const REMINDER_ACTION = 'Reminder sent'
export const REMINDER_ACTOR = 'the reminder schedule'

const REMINDER_KIND = 'authorization-reminder'

/**
 * A reminder enters the history when the relay takes its mail, not when it is queued: a reminder
 * that failed, or waits for its retry, has not reached the representative. The entry is written
 * with the mail's sent mark (one transaction), so it is written once, at the time it was sent,
 * whether the schedule queued the mail or an administrator sent it again.
 */
export function recordRemindersWhenSent(context: {
  outbox: OutboxRepository
  history: HistoryRepository
  reminders: ReminderRepository
}): void {
  const { outbox, history, reminders } = context
  const record: SentHook = async (executor, mail) => {
    if (!mail.enrollmentGuid) return
    const status = (await reminders.statusOf(executor, mail.enrollmentGuid)) ?? null
    await history.record(executor, {
      guid: mail.enrollmentGuid,
      action: REMINDER_ACTION,
      actor: REMINDER_ACTOR,
      statusBefore: status,
      statusAfter: status,
    })
  }
  outbox.onSent(REMINDER_KIND, record)
}
