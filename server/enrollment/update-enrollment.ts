import { inScope } from '../../shared/auth/staff-role.js'
import { changeRefusalReason } from '../../shared/enrollment/status-rules.js'
import type { Staff } from '../auth/auth-plugin.js'
import { AppError } from '../http/app-error.js'
import { lockedEnrollment, stillThere } from './admin-action.js'
import { checkEditedEnrollment } from './edited-enrollment.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { diffEnrollment } from './enrollment-diff.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import {
  notYourRegionError,
  STALE_VERSION_MESSAGE,
  TYPE_CHANGE_MESSAGE,
} from './enrollment-refusals.js'
import { invoiceFollows } from './invoice-follows.js'

/**
 * An administrator's Save Changes (docs/product.md#admin-actions): validated in edit mode (region required),
 * checked against the version the admin loaded, the status left as it is; an approved LMA's
 * invoice revised and mailed when what it owes changed (the lifecycle table's edit row). A regional manager
 * saves an enrollment of their regions only (404 otherwise, as for none), and keeps it in them.
 */
export async function updateEnrollment(
  context: EnrollmentContext,
  guid: string,
  body: unknown,
  admin: Staff,
): Promise<StoredEnrollment> {
  const input = await checkEditedEnrollment(context, body)
  // Of the body alone, like its validation: the same 400 whatever the guid names.
  if (!inScope(admin.scope, input.regionId)) throw notYourRegionError(admin.regions)
  return context.db
    .transaction()
    .execute(async (trx) => {
      const stored = await lockedEnrollment(context, trx, guid, admin.scope)
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
      const updated = stillThere(await context.enrollments.findByGuid(guid, trx))
      // An approved LMA's invoice follows a change of what it owes: revised and mailed.
      const invoice = await invoiceFollows(context, trx, 'edit', stored, updated)
      await context.history.record(trx, {
        guid,
        action: 'updated',
        actor: admin.username,
        statusBefore: stored.status,
        statusAfter: stored.status,
        changes: [...diffEnrollment(stored, content), ...invoice.changes],
      })
      return { updated, mailed: invoice.mailed }
    })
    .then(({ updated, mailed }) => {
      if (mailed) context.mailQueued()
      return updated
    })
    .catch((error: unknown) => {
      throw translateUniqueViolation(error, input, { duplicateIsConflict: false })
    })
}
