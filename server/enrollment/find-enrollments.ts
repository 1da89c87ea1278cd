import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { EnrollmentListFilters } from './enrollment-list-repository.js'

/** The admin Enrollment List (SPEC.md §2): every enrollment matching the filters, newest change first. */
export function findEnrollments(
  context: EnrollmentContext,
  filters: EnrollmentListFilters,
): Promise<EnrollmentListItem[]> {
  const search = filters.search?.trim()
  return context.list.find({ ...filters, search: search || undefined })
}
