import type {
  InvitationResult,
  NotReEnrolledList,
} from '@shared/re-enrollment/not-re-enrolled-schema'
import { call } from '../../../lib/api-client'

/** The page's filters: the year, and a brand key, a region id and a type ('' is Any). */
export interface ReEnrollmentFilters {
  year: number
  brand: string
  region: string
  type: string
}

/** `year=2025&brand=chevy&region=3&type=Lma`, the blank filters left out. */
export function reEnrollmentQuery(filters: ReEnrollmentFilters): string {
  return reEnrollmentSearch(filters).toString()
}

function reEnrollmentSearch(filters: ReEnrollmentFilters): URLSearchParams {
  const query = new URLSearchParams({ year: String(filters.year) })
  for (const name of ['brand', 'region', 'type'] as const) {
    if (filters[name]) query.set(name, filters[name])
  }
  return query
}

export function getNotReEnrolled(
  filters: ReEnrollmentFilters,
  signal?: AbortSignal,
): Promise<NotReEnrolledList> {
  return call('GET /api/re-enrollment', { query: reEnrollmentSearch(filters), signal })
}

export function postInvitations(guids: string[]): Promise<InvitationResult> {
  return call('POST /api/re-enrollment/invitations', { body: { guids } })
}
