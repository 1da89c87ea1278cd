import type {
  EnrollmentListChanges,
  EnrollmentListItem,
} from '../../shared/enrollment/enrollment.js'
import { programToday } from '../../shared/invoice/invoice.js'
import type { JsonText } from '../http/openapi-schemas.js'
import type {
  EnrollmentListFilters,
  EnrollmentListRepository,
  ListClock,
  ListCursor,
} from './enrollment-list-repository.js'

/** What the list's reads are handed: its repository, of the app's context. */
export interface EnrollmentListContext {
  enrollmentList: EnrollmentListRepository
}

/**
 * The admin Enrollment List (docs/product.md#enrollment-list): every enrollment matching the filters, newest change
 * first, as JSON text to send as it is.
 */
export function findEnrollments(
  context: EnrollmentListContext,
  filters: EnrollmentListFilters,
  now: Date = new Date(),
): Promise<JsonText<EnrollmentListItem[]>> {
  const search = filters.search?.trim()
  return context.enrollmentList.find({ ...filters, search: search || undefined }, listClock(now))
}

/** The list read at `now`: the program's today, and the moment waiting times count from. */
export function listClock(now: Date = new Date()): ListClock {
  return { today: programToday(now), now }
}

/** How long the list's changes are kept (list-changes-purge-job.ts purges older ones). */
export const LIST_CHANGES_KEPT_MS = 24 * 60 * 60_000
/**
 * The oldest cursor answered with changes: half the time they are kept, so that a transaction
 * that began before the cursor and committed after it has had hours to commit before its rows
 * may be purged.
 */
export const LIST_CURSOR_ANSWERED_MS = LIST_CHANGES_KEPT_MS / 2

/** The list as `findEnrollments` answers it, with the cursor of its changes. */
export function findEnrollmentsWithCursor(
  context: EnrollmentListContext,
  filters: EnrollmentListFilters,
  now: Date = new Date(),
): Promise<{ list: JsonText<EnrollmentListItem[]>; cursor: string }> {
  const search = filters.search?.trim()
  return context.enrollmentList.findWithCursor(
    { ...filters, search: search || undefined },
    listClock(now),
  )
}

/**
 * What changed in the list since `cursor` (docs/product.md#api, `GET /api/enrollments/changes`),
 * as JSON text: the rows changed or added, the guids no longer shown, and the next cursor; the
 * whole list (`full`) when the cursor is too old or not of this database.
 */
export async function findEnrollmentChanges(
  context: EnrollmentListContext,
  filters: EnrollmentListFilters,
  cursor: ListCursor,
  now: Date = new Date(),
): Promise<JsonText<EnrollmentListChanges>> {
  const search = filters.search?.trim()
  const asked = { ...filters, search: search || undefined }
  if (!(await context.enrollmentList.cursorAnswerable(cursor, LIST_CURSOR_ANSWERED_MS))) {
    const whole = await context.enrollmentList.findWithCursor(asked, listClock(now))
    return changesText(whole.cursor, true, whole.list, [])
  }
  const changes = await context.enrollmentList.changesSince(asked, listClock(now), cursor)
  return changesText(changes.cursor, false, changes.changed, changes.removed)
}

function changesText(
  cursor: string,
  full: boolean,
  changed: JsonText<EnrollmentListItem[]>,
  removed: string[],
): JsonText<EnrollmentListChanges> {
  return `{"cursor":${JSON.stringify(cursor)},"full":${full},"changed":${changed},"removed":${JSON.stringify(removed)}}`
}
