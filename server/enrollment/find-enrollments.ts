import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import { programToday } from '../../shared/invoice/invoice.js'
import type { JsonText } from '../http/openapi-schemas.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { EnrollmentListFilters, ListClock } from './enrollment-list-repository.js'

/**
 * The admin Enrollment List (docs/product.md#enrollment-list): every enrollment matching the filters, newest change
 * first, as JSON text to send as it is.
 */
export function findEnrollments(
  context: EnrollmentContext,
  filters: EnrollmentListFilters,
  now: Date = new Date(),
): Promise<JsonText<EnrollmentListItem[]>> {
  const search = filters.search?.trim()
  return context.list.find({ ...filters, search: search || undefined }, listClock(now))
}

/** The list read at `now`: the program's today, and the moment waiting times count from. */
export function listClock(now: Date = new Date()): ListClock {
  return { today: programToday(now), now }
}
