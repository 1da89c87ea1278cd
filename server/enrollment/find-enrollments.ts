import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { EnrollmentListFilters, JsonText } from './enrollment-list-repository.js'

/**
 * The admin Enrollment List (docs/product.md#enrollment-list): every enrollment matching the filters, newest change
 * first, as JSON text to send as it is.
 */
export function findEnrollments(
  context: EnrollmentContext,
  filters: EnrollmentListFilters,
): Promise<JsonText<EnrollmentListItem[]>> {
  const search = filters.search?.trim()
  return context.list.find({ ...filters, search: search || undefined })
}
