import type {
  EnrollmentAuthorization,
  EnrollmentSentBack,
  LinkedEnrollment,
} from '../../shared/enrollment/enrollment-authorization.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { type StoredEnrollment, toWire } from './enrollment-mapping.js'
import { AUTHORIZED_ACTION, REAUTHORIZED_ACTION } from './history-repository.js'
import { representativeName } from './representative-actor.js'

/**
 * The enrollment as its authorization link shows it (docs/product.md#authorization-view): with
 * when and by whom it was authorized, or when and why the program office sent it back, read from
 * its history.
 */
export async function toLinkedEnrollment(
  context: Pick<EnrollmentContext, 'history'>,
  enrollment: StoredEnrollment,
): Promise<LinkedEnrollment> {
  const step =
    enrollment.type === 'Lma'
      ? await context.history.latestAuthorizationStep(enrollment.guid)
      : undefined
  return {
    ...toWire(enrollment),
    authorized: authorizationThatStands(step),
    sentBack: sendBackWaiting(enrollment, step),
  }
}

type AuthorizationStep = Awaited<
  ReturnType<EnrollmentContext['history']['latestAuthorizationStep']>
>

/** The last authorization, unless an administrator asked for a new one since. */
function authorizationThatStands(step: AuthorizationStep): EnrollmentAuthorization | null {
  if (step?.action !== AUTHORIZED_ACTION) return null
  return { at: new Date(step.at).toISOString(), by: representativeName(step.actor) }
}

/**
 * When and why the office sent an LMA enrollment back (its Re-authorize), while it still waits
 * for the authorization asked: the authorization view and the status page say it in the same
 * words (shared/format/status-words.ts, sentBackWords).
 */
export async function sentBackOf(
  context: Pick<EnrollmentContext, 'history'>,
  enrollment: StoredEnrollment,
): Promise<EnrollmentSentBack | null> {
  if (enrollment.type !== 'Lma' || enrollment.status !== 'Authorizing') return null
  return sendBackWaiting(enrollment, await context.history.latestAuthorizationStep(enrollment.guid))
}

/** The office's Re-authorize, while the enrollment still waits for the authorization it asked. */
function sendBackWaiting(
  enrollment: StoredEnrollment,
  step: AuthorizationStep,
): EnrollmentSentBack | null {
  if (step?.action !== REAUTHORIZED_ACTION || enrollment.status !== 'Authorizing') return null
  return { at: new Date(step.at).toISOString(), reason: step.reason?.trim() || null }
}
