import { EVERY_ENROLLMENT } from '../../shared/auth/staff-role.js'
import { canAuthorize } from '../../shared/enrollment/status-rules.js'
import { AppError } from '../http/app-error.js'
import { representativeChangedNotice } from '../mail/enrollee-mails.js'
import { lockedEnrollment, stillThere } from './admin-action.js'
import { checkEditedEnrollment } from './edited-enrollment.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { diffEnrollment, sameContent } from './enrollment-diff.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { STALE_AUTHORIZATION_MESSAGE, TYPE_CHANGE_MESSAGE } from './enrollment-refusals.js'
import { AUTHORIZED_ACTION } from './history-repository.js'
import { representativeActor } from './representative-actor.js'

/**
 * The LMA's authorized representative confirms the enrollment, perhaps with changes:
 * Authorizing or Approving becomes Approving (docs/decisions.md, "The server decides every status").
 *
 * Authorizing an Approving enrollment again with the content unchanged changes nothing: no
 * history entry, no new version or modification time, no mail.
 *
 * The row is locked before its status and version are read, so an administrator's Approve,
 * Decline or Save that commits first is seen here (409), and one that comes later waits.
 */
export async function authorizeEnrollment(
  context: EnrollmentContext,
  guid: string,
  body: unknown,
): Promise<StoredEnrollment> {
  const input = await checkEditedEnrollment(context, body)
  return context.db
    .transaction()
    .execute(async (trx) => {
      // The link's guid is the representative's capability: no region limits it.
      const stored = await lockedEnrollment(context, trx, guid, EVERY_ENROLLMENT)
      const refusal = authorizationRefusal(stored, context.config.ENROLLMENT_YEAR)
      if (refusal) throw AppError.conflict(refusal)
      if (input.type !== stored.type) {
        throw AppError.badRequest(TYPE_CHANGE_MESSAGE, { type: [TYPE_CHANGE_MESSAGE] })
      }
      if (input.version !== stored.version) throw AppError.conflict(STALE_AUTHORIZATION_MESSAGE)
      const checked = { ...input, brand: stored.brand, year: stored.year }
      const content = toStoredContent(checked)
      // Already authorized and sent back as it is: nothing happened, so nothing is recorded.
      if (stored.status === 'Approving' && sameContent(stored, content)) {
        return { updated: stored, noticeSent: false }
      }
      await checkContentIsFree(context, trx, checked, {
        duplicateIsConflict: false,
        except: stored,
      })
      await context.enrollments.replaceContent(trx, stored, content, 'Approving')
      await context.history.record(trx, {
        guid,
        action: AUTHORIZED_ACTION,
        actor: representativeActor(content.lma ?? { authName: '', authEmailAddress: '' }),
        statusBefore: stored.status,
        statusAfter: 'Approving',
        changes: diffEnrollment(stored, content),
      })
      const updated = stillThere(await context.enrollments.findByGuid(guid, trx))
      // The previous address hears that the representative's email changed.
      const notice = representativeChangedNotice(context.config, stored, updated)
      if (notice) await context.outbox.enqueue(trx, notice)
      const noticeSent = notice !== undefined
      return { updated, noticeSent }
    })
    .then(({ updated, noticeSent }) => {
      if (noticeSent) context.mailQueued()
      return updated
    })
    .catch((error: unknown) => {
      throw translateUniqueViolation(error, input, { duplicateIsConflict: false })
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
