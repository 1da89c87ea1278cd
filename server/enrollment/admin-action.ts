import type { Kysely } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentStatus } from '../../shared/domain/enrollment-choices.js'
import { REASON_SHOWN_FIELD } from '../../shared/enrollment/history-changes.js'
import type { LifecycleAction } from '../../shared/enrollment/lifecycle.js'
import { type AdminAction, refusalReason } from '../../shared/enrollment/status-rules.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database, HistoryChange } from '../db/schema.js'
import { AppError } from '../http/app-error.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { lockInScope, NO_ENROLLMENT_MESSAGE } from './enrollment-scope.js'
import { invoiceFollows, lifecycleRowOf } from './invoice-follows.js'

export interface AdminActionOptions {
  guid: string
  /** Who acts: the history names them, and a regional manager acts in their regions only. */
  admin: Staff
  action: AdminAction
  /** The history entry's action: approved, re-authorized, declined, deleted. */
  historyAction: string
  /** The administrator's reason, kept in the history entry. */
  reason?: string
  /** What else the history entry records of the action. */
  changes?: HistoryChange[]
  /** The change itself, in the transaction; answers the status after it. */
  apply(trx: Kysely<Database>, stored: StoredEnrollment): Promise<EnrollmentStatus | 'Deleted'>
}

/** The lifecycle table's name of each admin action (shared/enrollment/lifecycle.ts). */
const LIFECYCLE_ACTION = {
  approve: 'approve',
  reauthorize: 'reauthorize',
  decline: 'decline',
  delete: 'delete',
} as const satisfies Record<AdminAction, LifecycleAction>

/**
 * One administrator action (docs/product.md#admin-actions): lock the enrollment, answer 404 for
 * one outside the actor's regions as for one that does not exist, refuse what the status rules
 * refuse (409 with the reason), apply it, make the invoice follow as the lifecycle table says
 * (issued, revised and mailed, or voided: invoice-follows.ts) and write the history, all in one
 * transaction. Answers the enrollment after the action, undefined once deleted.
 */
export async function runAdminAction(
  context: EnrollmentContext,
  options: AdminActionOptions,
): Promise<StoredEnrollment | undefined> {
  const { guid } = options
  const done = await context.db.transaction().execute(async (trx) => {
    const stored = await lockedEnrollment(context, trx, guid, options.admin.scope)
    const refusal = refusalReason(options.action, {
      type: stored.type,
      status: stored.status,
      dealers: stored.dealers,
      year: stored.year,
      currentYear: context.config.ENROLLMENT_YEAR,
    })
    if (refusal) throw AppError.conflict(refusal)
    const shownBefore = await context.lifecycle.sharedDeclineReason(trx, stored.id)
    const statusAfter = await options.apply(trx, stored)
    const after =
      statusAfter === 'Deleted' ? undefined : await context.enrollments.findByGuid(guid, trx)
    const invoice = await invoiceFollows(
      context,
      trx,
      LIFECYCLE_ACTION[options.action],
      stored,
      after,
      { reason: options.reason },
    )
    // The manifests: an enrollment sent back after approval keeps the rows it was approved
    // with until it is approved again or declined (shared/enrollment/lifecycle.ts, shipments).
    const shipments = lifecycleRowOf(LIFECYCLE_ACTION[options.action], stored)?.shipments
    if (shipments === 'keeps' && stored.status === 'Approved') {
      await context.lifecycle.keepApprovedDealers(trx, stored.id)
    } else if (shipments === 'ships' || (shipments === 'cancels' && after)) {
      await context.lifecycle.keepApprovedDealers(trx, stored.id, { forget: true })
    }
    const changes = [...(options.changes ?? []), ...invoice.changes]
    // Leaving Declined takes the shown decline reason off the status page: the history says so.
    if (shownBefore !== null && statusAfter !== 'Declined') {
      changes.push({ field: REASON_SHOWN_FIELD, before: true, after: false })
    }
    await context.history.record(trx, {
      guid,
      action: options.historyAction,
      actor: options.admin.username,
      statusBefore: stored.status,
      statusAfter,
      changes,
      reason: options.reason,
    })
    return { enrollment: await context.enrollments.findByGuid(guid, trx), mailed: invoice.mailed }
  })
  if (done.mailed) context.mailQueued()
  return done.enrollment
}

/**
 * The enrollment, its row locked until the transaction ends; 404 when there is none, or when its
 * region (as it is under the lock) is not in the scope.
 */
export async function lockedEnrollment(
  context: EnrollmentContext,
  trx: Kysely<Database>,
  guid: string,
  scope: EnrollmentScope,
): Promise<StoredEnrollment> {
  const stored = (await lockInScope(context, trx, guid, scope))
    ? await context.enrollments.findByGuid(guid, trx)
    : undefined
  if (!stored) throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  return stored
}

/** The enrollment an action answers with; it exists, since the action did not delete it. */
export function stillThere(enrollment: StoredEnrollment | undefined): StoredEnrollment {
  if (!enrollment) throw new Error('The enrollment vanished inside its own transaction')
  return enrollment
}
