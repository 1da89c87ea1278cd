import type { AdminIdentity } from '../auth/admin-identity.js'
import { runAdminAction, stillThere } from './admin-action.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/** Decline (docs/product.md#transitions): status Declined, no mail. */
export async function declineEnrollment(
  context: EnrollmentContext,
  guid: string,
  admin: AdminIdentity,
  reason?: string,
): Promise<StoredEnrollment> {
  const updated = await runAdminAction(context, {
    guid,
    admin,
    action: 'decline',
    historyAction: 'declined',
    reason,
    apply: async (trx, stored) => {
      await context.lifecycle.setStatus(trx, stored.id, 'Declined')
      return 'Declined'
    },
  })
  return stillThere(updated)
}
