import { changeRefusalReason } from '../../shared/enrollment/status-rules.js'
import type { AdminIdentity } from '../auth/admin-identity.js'
import { AppError } from '../http/app-error.js'
import { lockedEnrollment, stillThere } from './admin-action.js'
import { checkEditedEnrollment } from './edited-enrollment.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { diffEnrollment } from './enrollment-diff.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { STALE_VERSION_MESSAGE, TYPE_CHANGE_MESSAGE } from './enrollment-refusals.js'

/**
 * An administrator's Save Changes (docs/product.md#admin-actions): validated in edit mode (region required),
 * checked against the version the admin loaded, the status left as it is.
 */
export async function updateEnrollment(
  context: EnrollmentContext,
  guid: string,
  body: unknown,
  admin: AdminIdentity,
): Promise<StoredEnrollment> {
  const input = await checkEditedEnrollment(context, body)
  return context.db
    .transaction()
    .execute(async (trx) => {
      const stored = await lockedEnrollment(context, trx, guid)
      const refusal = changeRefusalReason({
        status: stored.status,
        year: stored.year,
        currentYear: context.config.ENROLLMENT_YEAR,
      })
      if (refusal) throw AppError.conflict(refusal)
      if (stored.version !== input.version) throw AppError.conflict(STALE_VERSION_MESSAGE)
      if (input.type !== stored.type) {
        throw AppError.badRequest(TYPE_CHANGE_MESSAGE, { type: [TYPE_CHANGE_MESSAGE] })
      }
      const checked = { ...input, brand: stored.brand, year: stored.year }
      await checkContentIsFree(context, trx, checked, {
        duplicateIsConflict: false,
        except: stored,
      })
      const content = toStoredContent(checked)
      await context.enrollments.replaceContent(trx, stored, content)
      await context.history.record(trx, {
        guid,
        action: 'updated',
        actor: admin.username,
        statusBefore: stored.status,
        statusAfter: stored.status,
        changes: diffEnrollment(stored, content),
      })
      return stillThere(await context.enrollments.findByGuid(guid, trx))
    })
    .catch((error: unknown) => {
      throw translateUniqueViolation(error, input, { duplicateIsConflict: false })
    })
}
