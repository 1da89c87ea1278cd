import { formatDateTime } from '@shared/format/date-text'
import { useQuery } from '@tanstack/react-query'
import { getAuthorizationReminders } from '../api/reminder-calls'
import { adminKeys } from '../query/admin-keys'

/**
 * An LMA enrollment's authorization: when it was last requested and how many reminders went out
 * (docs/product.md#authorization-reminders). Loaded again after each change that may request it
 * again (admin-changes.ts).
 */
export function AuthorizationReminders({ guid, type }: { guid: string; type: string }) {
  const reminders = useQuery({
    queryKey: adminKeys.reminders(guid),
    queryFn: ({ signal }) => getAuthorizationReminders(guid, signal),
    enabled: type === 'Lma',
  })
  if (!reminders.data?.requestedAt) return null
  const { requestedAt, remindersSent, lastReminderAt, reminderAfterDays, reminderMax } =
    reminders.data
  const off = reminderAfterDays === 0 || reminderMax === 0
  return (
    <dl className="authorization-reminders">
      <div>
        <dt>Authorization last requested</dt>
        <dd>{formatDateTime(requestedAt)}</dd>
      </div>
      <div>
        <dt>Reminders sent</dt>
        <dd>
          {remindersSent}
          {off ? ' (reminders are off)' : ` of at most ${reminderMax}`}
          {lastReminderAt && `, the last on ${formatDateTime(lastReminderAt)}`}
        </dd>
      </div>
    </dl>
  )
}
