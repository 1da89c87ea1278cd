import type { AuthorizationReminders } from '@shared/reminders/authorization-reminders-schema'
import { api } from '../../../lib/api-client'

export function getAuthorizationReminders(
  guid: string,
  signal?: AbortSignal,
): Promise<AuthorizationReminders> {
  return api.get<AuthorizationReminders>(
    `/api/enrollments/${encodeURIComponent(guid)}/authorization`,
    { signal },
  )
}
