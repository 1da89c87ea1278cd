import type { AuthorizationReminders } from '@shared/reminders/authorization-reminders-schema'
import { call } from '../../../lib/api-client'

export function getAuthorizationReminders(
  guid: string,
  signal?: AbortSignal,
): Promise<AuthorizationReminders> {
  return call('GET /api/enrollments/{guid}/authorization', { params: { guid }, signal })
}
