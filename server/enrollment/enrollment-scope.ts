import type { Kysely } from 'kysely'
import { type EnrollmentScope, inScope } from '../../shared/auth/staff-role.js'
import type { Database } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import type { EnrollmentContext } from './enrollment-context.js'

/**
 * What a route answers (404) for a guid that names no enrollment, and so for one outside the
 * signed-in user's regions (docs/product.md#users).
 */
export const NO_ENROLLMENT_MESSAGE = 'There is no enrollment with this id.'

/**
 * Before a read of what belongs to one enrollment (its history, notes, mails): the 404 of an
 * enrollment that does not exist, unless the user's scope holds it. Every guid is in an
 * administrator's and a read-only user's scope, a deleted enrollment's too (its history, notes
 * and mails outlive it); a regional manager's holds the enrollments of their regions that exist.
 */
export async function checkReadScope(
  context: EnrollmentContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<void> {
  if (scope.all) return
  if (!(await context.enrollments.inScope(guid, scope))) {
    throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  }
}

/**
 * Locks the enrollment's row until the transaction ends, then answers whether it exists and the
 * user may act on it: its region, read under the lock, is in their scope. A change decides on
 * this answer, so an enrollment moved out of a regional manager's regions by a transaction that
 * committed while they waited for the lock is out of their reach.
 */
export async function lockInScope(
  context: EnrollmentContext,
  trx: Kysely<Database>,
  guid: string,
  scope: EnrollmentScope,
): Promise<boolean> {
  const locked = await context.lifecycle.lock(trx, guid)
  return locked !== undefined && inScope(scope, locked.regionId)
}

/**
 * A request naming enrollments outside a regional manager's regions (another region's, one
 * without a region, or an id that names none: the words are true of each and tell them apart
 * for no one) does nothing: 400 naming each, and saying what was not done, e.g. 'nothing was
 * changed' (a bulk action) or 'no invitation was sent' (docs/product.md#users).
 */
export function outsideRegions(guids: readonly string[], notDone: string): AppError {
  return AppError.badRequest(
    guids.length === 1
      ? `One selected enrollment is not in your regions; ${notDone}.`
      : `${guids.length} selected enrollments are not in your regions; ${notDone}.`,
    { guids: guids.map((guid) => `There is no enrollment of your regions with the id ${guid}.`) },
  )
}
