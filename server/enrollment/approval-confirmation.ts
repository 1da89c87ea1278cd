import type { Kysely } from 'kysely'
import { invoiceItems } from '../../shared/enrollment/pricing.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { Database } from '../db/schema.js'
import { approvalConfirmationMail } from '../mail/templates/approval-confirmation-mail.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/** Queues the approval confirmation to the authorized representative, in the caller's transaction. */
export async function enqueueApprovalConfirmation(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
): Promise<void> {
  const { config } = context
  const dealer = enrollment.dealers[0]
  const representative =
    enrollment.type === 'Lma'
      ? { name: enrollment.lma?.authName, email: enrollment.lma?.authEmailAddress }
      : { name: dealer?.authName, email: dealer?.authEmailAddress }
  if (!representative.email) return
  const mail = approvalConfirmationMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    type: enrollment.type,
    enrolleeName: enrollment.lma?.name || dealer?.name || '',
    reference: enrollment.reference,
    authName: representative.name ?? '',
    bac: enrollment.type === 'Dealer' ? dealer?.bac : undefined,
    billing: enrollment.type === 'Dealer' ? dealer?.billing : undefined,
    dealerCount: enrollment.dealers.length,
    kits: invoiceItems(enrollment.dealers),
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  await context.outbox.enqueue(executor, {
    kind: 'approval-confirmation',
    enrollmentGuid: enrollment.guid,
    recipient: representative.email,
    ...mail,
  })
}
