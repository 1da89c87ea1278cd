import type { Staff } from '../auth/auth-plugin.js'
import { directoryRowOf } from '../dealer-directory/dealer-directory-row.js'
import { approvalConfirmation } from '../mail/enrollee-mails.js'
import { runAdminAction, stillThere } from './admin-action.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/**
 * Approve (docs/product.md#transitions): status Approved, the confirmation mailed to the authorized
 * representative; an LMA's invoice issued or revised and mailed to the LMA by runAdminAction, as the
 * lifecycle table says (docs/product.md#invoices); an approved dealer's address kept in the dealer
 * directory (docs/product.md#type-ahead).
 */
export async function approveEnrollment(
  context: EnrollmentContext,
  guid: string,
  admin: Staff,
): Promise<StoredEnrollment> {
  const approved = await runAdminAction(context, {
    guid,
    admin,
    action: 'approve',
    historyAction: 'approved',
    apply: async (trx, stored) => {
      await context.lifecycle.setStatus(trx, stored.id, 'Approved')
      const confirmation = approvalConfirmation(context.config, stored)
      if (confirmation) await context.outbox.enqueue(trx, confirmation)
      const dealer = stored.dealers[0]
      if (stored.type === 'Dealer' && dealer) {
        await context.within(trx).dealerDirectory.upsertMany([directoryRowOf(dealer)])
      }
      return 'Approved'
    },
  })
  context.mailQueued()
  return stillThere(approved)
}
