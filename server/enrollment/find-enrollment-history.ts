import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { HistoryChange } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { checkReadScope, NO_ENROLLMENT_MESSAGE } from './enrollment-scope.js'

/** One entry of `GET /api/enrollments/{guid}/history`. */
export interface EnrollmentHistoryItem {
  action: string
  actor: string
  at: string
  statusBefore: string | null
  statusAfter: string | null
  changes: HistoryChange[]
  reason: string | null
}

/**
 * The audit history of an enrollment, oldest first; it outlives a delete (docs/product.md#history),
 * for the users whose scope holds every enrollment.
 */
export async function findEnrollmentHistory(
  context: EnrollmentContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<EnrollmentHistoryItem[]> {
  await checkReadScope(context, guid, scope)
  const rows = await context.history.list(guid)
  if (rows.length === 0 && !(await context.enrollments.findByGuid(guid))) {
    throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  }
  return rows.map((row) => ({
    action: row.action,
    actor: row.actor,
    at: new Date(row.at).toISOString(),
    statusBefore: row.status_before,
    statusAfter: row.status_after,
    changes: row.changes,
    reason: row.reason,
  }))
}
