import type { Staff } from '../auth/auth-plugin.js'
import { authorizationRequest } from '../mail/enrollee-mails.js'
import { runAdminAction, stillThere } from './admin-action.js'
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
      const request = authorizationRequest(context.config, stored, { sentBack: true, reason })
      if (request) {
        // Its reminders count from now (docs/product.md#authorization-reminders).
        await context.lifecycle.markAuthorizationRequested(trx, stored.id)
        await context.outbox.enqueue(trx, request)
      }
      return 'Authorizing'
    },
  })
  context.mailQueued()
  return stillThere(updated)
}
