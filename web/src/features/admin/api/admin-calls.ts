import type { Enrollment, EnrollmentListItem } from '@shared/enrollment/enrollment'
import { api } from '../../../lib/api-client'
import type { SavedEnrollment } from '../../enrollment/api/enrollment-calls'

export interface ListFilters {
  query: string
  year: number
  status: string
  type: string
}

export function findEnrollments(
  filters: ListFilters,
  signal?: AbortSignal,
): Promise<EnrollmentListItem[]> {
  const params = new URLSearchParams({ year: String(filters.year) })
  if (filters.status) params.set('status', filters.status)
  if (filters.type) params.set('type', filters.type)
  const search = filters.query.trim()
  if (search) params.set('search', search)
  return api.get<EnrollmentListItem[]>(`/api/enrollments?${params}`, { signal })
}

const path = (guid: string, action: string) =>
  `/api/enrollments/${encodeURIComponent(guid)}/${action}`

export function updateEnrollment(guid: string, enrollment: Enrollment): Promise<SavedEnrollment> {
  return api.post<SavedEnrollment>(path(guid, 'update'), enrollment)
}

export type AdminAction = 'approve' | 're-authorize' | 'decline' | 'delete'

export function runAdminAction(
  guid: string,
  action: AdminAction,
): Promise<{ guid: string; status: string }> {
  return api.post(path(guid, action))
}

export interface HistoryEntry {
  action: string
  actor: string
  at: string
  statusBefore: string | null
  statusAfter: string | null
  changes: Array<{ field: string; before: unknown; after: unknown }>
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
