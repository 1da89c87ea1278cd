import type { Session } from '@shared/auth/session-schema'
import type { Enrollment, EnrollmentListItem } from '@shared/enrollment/enrollment'
import type { HistoryChange } from '@shared/enrollment/history-changes'
import type { AdminAction } from '@shared/enrollment/status-rules'
import { api } from '../../../lib/api-client'
import type { SavedEnrollment } from '../../enrollment/api/enrollment-calls'

export interface ListFilters {
  query: string
  year: number
  status: string
  type: string
  /** A brand key; '' is Any. */
  brand: string
  /** Needs attention: 'failed-mail', 'overdue-invoice'; '' is Any. */
  attention: string
  /** A dashboard figure's filters (shared/enrollment/list-figure-filters.ts); '' and null are Any. */
  invoice: string
  waiting: number | null
}

export function findEnrollments(
  filters: ListFilters,
  signal?: AbortSignal,
): Promise<EnrollmentListItem[]> {
  const params = new URLSearchParams({ year: String(filters.year) })
  if (filters.status) params.set('status', filters.status)
  if (filters.type) params.set('type', filters.type)
  if (filters.brand) params.set('brand', filters.brand)
  if (filters.attention) params.set('attention', filters.attention)
  if (filters.invoice) params.set('invoice', filters.invoice)
  if (filters.waiting !== null) params.set('waiting', String(filters.waiting))
  const search = filters.query.trim()
  if (search) params.set('search', search)
  return api.get<EnrollmentListItem[]>(`/api/enrollments?${params}`, { signal })
}

const path = (guid: string, action: string) =>
  `/api/enrollments/${encodeURIComponent(guid)}/${action}`

export function updateEnrollment(guid: string, enrollment: Enrollment): Promise<SavedEnrollment> {
  return api.post<SavedEnrollment>(path(guid, 'update'), enrollment)
}

/** Each action of the shared status rules, as the last segment of its route. */
const ACTION_PATHS: Readonly<Record<AdminAction, string>> = {
  approve: 'approve',
  reauthorize: 're-authorize',
  decline: 'decline',
  delete: 'delete',
}

/**
 * A status action; Decline and Re-authorize may carry the administrator's reason, and Decline
 * whether the enrollee's status page shows it.
 */
export function runAdminAction(
  guid: string,
  action: AdminAction,
  { reason, shareReason }: { reason?: string | undefined; shareReason?: boolean } = {},
): Promise<{ guid: string; status: string }> {
  return api.post(
    path(guid, ACTION_PATHS[action]),
    reason ? { reason, ...(shareReason ? { shareReason: true } : {}) } : undefined,
  )
}

export interface HistoryEntry {
  action: string
  actor: string
  at: string
  statusBefore: string | null
  statusAfter: string | null
  changes: HistoryChange[]
  /** The administrator's reason (Decline, Re-authorize), or null. */
  reason: string | null
}

export function getEnrollmentHistory(guid: string, signal?: AbortSignal): Promise<HistoryEntry[]> {
  return api.get<HistoryEntry[]>(path(guid, 'history'), { signal })
}

export interface RolloverResult {
  from: number
  to: number
  created: number
  skipped: number
}

export function rollOver(to: number): Promise<RolloverResult> {
  return api.post<RolloverResult>('/api/rollover', { to })
}

/** Who the sign-in is, and whether they are an administrator (docs/product.md#admin-area). */
export function getSession(signal?: AbortSignal): Promise<Session> {
  return api.get<Session>('/api/session', { signal })
}
