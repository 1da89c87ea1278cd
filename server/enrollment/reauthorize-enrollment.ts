import type { Staff } from '../auth/auth-plugin.js'
import { runAdminAction, stillThere } from './admin-action.js'
import { enqueueAuthorizationRequest } from './enqueue-enrollee-mails.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { REAUTHORIZED_ACTION } from './history-repository.js'

/** Re-authorize an LMA enrollment (docs/product.md#transitions): back to Authorizing, the request mailed again. */
export async function reauthorizeEnrollment(
  context: EnrollmentContext,
  guid: string,
  admin: Staff,
  reason?: string,
): Promise<StoredEnrollment> {
  const updated = await runAdminAction(context, {
    guid,
    admin,
    action: 'reauthorize',
    historyAction: REAUTHORIZED_ACTION,
    reason,
    apply: async (trx, stored) => {
      await context.lifecycle.setStatus(trx, stored.id, 'Authorizing')
      await enqueueAuthorizationRequest(context, trx, stored, { sentBack: true, reason })
      return 'Authorizing'
    },
  })
  context.mailQueued()
  return stillThere(updated)
}
