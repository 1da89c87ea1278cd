import { formatDateTime } from '@shared/format/date-text'
import { useCallback } from 'react'
import { useLoad } from '../../../components/ui/use-load'
import { getAuthorizationReminders } from '../api/reminder-calls'

/**
 * An LMA enrollment's authorization: when it was last requested and how many reminders went out
 * (docs/product.md#authorization-reminders). Loaded again after each change (`version`).
 */
export function AuthorizationReminders({
  guid,
  version,
  type,
}: {
  guid: string
  version: number | undefined
  type: string
}) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change (version) may request authorization again
  const load = useCallback(
    (signal: AbortSignal) => getAuthorizationReminders(guid, signal),
    [guid, version],
  )
  const state = useLoad(type === 'Lma' ? load : null)
  if (state.status !== 'loaded' || !state.value.requestedAt) return null
  const { requestedAt, remindersSent, lastReminderAt, reminderAfterDays, reminderMax } = state.value
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
