import type {
  InvitationResult,
  NotReEnrolledList,
} from '@shared/re-enrollment/not-re-enrolled-schema'
import { api } from '../../../lib/api-client'

export interface NotReEnrolledFilters {
  year: number
  brand: string
  region: string
  type: string
}

/** `year=2025&brand=chevy&region=3&type=Lma`, the blank filters left out. */
export function notReEnrolledQuery(filters: NotReEnrolledFilters): string {
  const query = new URLSearchParams({ year: String(filters.year) })
  for (const name of ['brand', 'region', 'type'] as const) {
    if (filters[name]) query.set(name, filters[name])
  }
  return query.toString()
}

export function getNotReEnrolled(
  filters: NotReEnrolledFilters,
  signal?: AbortSignal,
): Promise<NotReEnrolledList> {
  return api.get<NotReEnrolledList>(`/api/re-enrollment?${notReEnrolledQuery(filters)}`, { signal })
}

export function sendInvitations(guids: string[]): Promise<InvitationResult> {
  return api.post<InvitationResult>('/api/re-enrollment/invitations', { guids })
}
