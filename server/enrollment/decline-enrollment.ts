import { REASON_SHOWN_FIELD } from '../../shared/enrollment/history-changes.js'
import type { Staff } from '../auth/auth-plugin.js'
import { runAdminAction, stillThere } from './admin-action.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/** What an administrator gives with a Decline: a reason, and whether the enrollee sees it. */
export interface DeclineOptions {
  reason?: string | undefined
  /** Show the reason on the enrollee's status page while the enrollment is Declined. */
  shareReason?: boolean | undefined
}

/**
 * Decline (docs/product.md#transitions): status Declined, no mail. A reason the office chose to
 * share is shown on the enrollee's status page; the history records whether it is.
 */
export async function declineEnrollment(
  context: EnrollmentContext,
  guid: string,
  admin: Staff,
  { reason, shareReason }: DeclineOptions = {},
): Promise<StoredEnrollment> {
  const shared = reason && shareReason === true ? reason : null
  const updated = await runAdminAction(context, {
    guid,
    admin,
    action: 'decline',
    historyAction: 'declined',
    reason,
    changes: reason ? [{ field: REASON_SHOWN_FIELD, before: null, after: shared !== null }] : [],
    apply: async (trx, stored) => {
      await context.lifecycle.setStatus(trx, stored.id, 'Declined', shared)
      return 'Declined'
    },
  })
  return stillThere(updated)
}
