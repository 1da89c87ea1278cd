import type {
  EnrollmentAuthorization,
  LinkedEnrollment,
} from '../../shared/enrollment/enrollment-authorization.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { type StoredEnrollment, toWire } from './enrollment-mapping.js'
import { AUTHORIZED_ACTION } from './history-repository.js'
import { representativeName } from './representative-actor.js'

/**
 * The enrollment as its authorization link shows it (docs/product.md#authorization-view): with
 * when and by whom it was authorized, read from its history.
 */
export async function toLinkedEnrollment(
  context: Pick<EnrollmentContext, 'history'>,
  enrollment: StoredEnrollment,
): Promise<LinkedEnrollment> {
  return { ...toWire(enrollment), authorized: await authorizationThatStands(context, enrollment) }
}

/** The last authorization, unless an administrator asked for a new one since. */
async function authorizationThatStands(
  context: Pick<EnrollmentContext, 'history'>,
  enrollment: StoredEnrollment,
): Promise<EnrollmentAuthorization | null> {
  if (enrollment.type !== 'Lma') return null
  const step = await context.history.latestAuthorizationStep(enrollment.guid)
  if (step?.action !== AUTHORIZED_ACTION) return null
  return { at: new Date(step.at).toISOString(), by: representativeName(step.actor) }
}
