import { validateEnrollment } from '../../shared/enrollment/enrollment-schema.js'
import { canAuthorize } from '../../shared/enrollment/status-rules.js'
import { AppError } from '../http/app-error.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { diffEnrollment } from './enrollment-diff.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/**
 * The LMA's authorized representative confirms the enrollment, perhaps with changes:
 * Authorizing or Approving becomes Approving (DESIGN.md §4).
 */
export async function authorizeEnrollment(
  context: EnrollmentContext,
  guid: string,
  body: unknown,
): Promise<StoredEnrollment> {
  // Once an enrollment has a status its region is required (SPEC.md §5), as in edit mode.
  const result = validateEnrollment(body, { mode: 'edit' })
  if (!result.success) throw AppError.badRequest('The enrollment is not valid.', result.errors)
  const { regionId } = result.data
  if (regionId !== null && !(await context.regions.exists(regionId))) {
    throw AppError.badRequest('The region is not valid.', { regionId: ['Region is not valid.'] })
  }
  return context.db
    .transaction()
    .execute(async (trx) => {
      const stored = await context.enrollments.findByGuid(guid, trx)
      if (!stored) throw AppError.notFound('There is no enrollment with this id.')
      const refusal = authorizationRefusal(stored, context.config.ENROLLMENT_YEAR)
      if (refusal) throw AppError.conflict(refusal)
      const input = { ...result.data, type: stored.type, brand: stored.brand, year: stored.year }
      await checkContentIsFree(context, trx, input, { duplicateIsConflict: false, except: stored })
      const content = toStoredContent(input)
      await context.enrollments.replaceContent(trx, stored, content, 'Approving')
      await context.history.record(trx, {
        guid,
        action: 'authorized',
        actor: `Authorized representative: ${content.lma?.authName ?? ''} <${content.lma?.authEmailAddress ?? ''}>`,
        statusBefore: stored.status,
        statusAfter: 'Approving',
        changes: diffEnrollment(stored, content),
      })
      const updated = await context.enrollments.findByGuid(guid, trx)
      if (!updated) throw new Error('The enrollment vanished inside its own transaction')
      return updated
    })
    .catch((error: unknown) => {
      throw translateUniqueViolation(error, { ...result.data }, { duplicateIsConflict: false })
    })
}

function authorizationRefusal(enrollment: StoredEnrollment, currentYear: number): string | null {
  if (enrollment.type !== 'Lma') return 'Only LMA enrollments are authorized by a representative.'
  if (enrollment.year !== currentYear)
    return `This enrollment belongs to ${enrollment.year} and can no longer be changed.`
  if (enrollment.status === 'Approved')
    return 'This enrollment has been approved; no further changes can be made.'
  if (enrollment.status === 'Declined')
    return 'This enrollment was declined and cannot be authorized.'
  if (!canAuthorize(enrollment.status))
    return `An enrollment that is ${enrollment.status} cannot be authorized.`
  return null
}
