import type { Staff } from '../auth/auth-plugin.js'
import { runAdminAction } from './admin-action.js'
import type { EnrollmentContext } from './enrollment-context.js'

/** Delete (docs/product.md#transitions): the enrollment and its dealer rows go; its history stays. */
export async function deleteEnrollment(
  context: EnrollmentContext,
  guid: string,
  admin: Staff,
): Promise<{ guid: string; status: 'Deleted' }> {
  await runAdminAction(context, {
    guid,
    admin,
    action: 'delete',
    historyAction: 'deleted',
    apply: async (trx, stored) => {
      await context.lifecycle.remove(trx, stored.id)
      return 'Deleted'
    },
  })
  return { guid, status: 'Deleted' }
}
