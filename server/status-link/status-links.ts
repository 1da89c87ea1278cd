import type { Kysely } from 'kysely'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { Database } from '../db/schema.js'
import { lockedEnrollment } from '../enrollment/admin-action.js'
import { receiptRecipient, statusUrl } from '../enrollment/enqueue-enrollee-mails.js'
import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import type { StoredEnrollment } from '../enrollment/enrollment-mapping.js'
import { NO_ENROLLMENT_MESSAGE } from '../enrollment/enrollment-scope.js'
import type { MintedStatusLink } from '../enrollment/status-link-repository.js'
import { AppError } from '../http/app-error.js'
import { statusLinkMail } from '../mail/templates/status-link-mail.js'

/** The history's words for the office's re-issue (docs/product.md#history). */
export const STATUS_LINK_REISSUED_ACTION = 'Status link re-issued'

export type StatusLinkContext = EnrollmentContext

async function mailStatusLink(
  context: StatusLinkContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  link: MintedStatusLink,
  recipient: string,
  reason: 'asked' | 'reissued',
): Promise<void> {
  const { config } = context
  const mail = statusLinkMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    reference: enrollment.reference,
    enrolledName: receiptRecipient(enrollment)?.enrolled ?? '',
    url: statusUrl(config.PUBLIC_URL, enrollment.brand, link.token),
    expires: link.expiresAt,
    reason,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  await context.outbox.enqueue(executor, {
    kind: reason === 'asked' ? 'status-link' : 'status-link-reissued',
    enrollmentGuid: enrollment.guid,
    recipient,
    ...mail,
  })
}

/**
 * "Lost the mail?" (docs/product.md#lost-the-mail): mails a new status link of each enrollment of
 * the program year that carries the address, to that address. It revokes nothing (anyone may
 * type an address) and answers nothing about what it found.
 */
export async function sendLostStatusLinks(
  context: StatusLinkContext,
  email: string,
): Promise<void> {
  const { config } = context
  const guids = await context.statusLinks.enrollmentsWithAddress(
    email,
    config.ENROLLMENT_YEAR,
    !config.SMTP_URL,
  )
  if (guids.length === 0) return
  await context.db.transaction().execute(async (trx) => {
    for (const guid of guids) {
      const enrollment = await context.enrollments.findByGuid(guid, trx)
      if (!enrollment) continue
      const link = await context.statusLinks.mint(trx, guid)
      if (link) await mailStatusLink(context, trx, enrollment, link, email, 'asked')
    }
  })
  context.mailQueued()
}

/**
 * The office's "Revoke and re-issue status link": under the enrollment's row lock (an enrollment
 * outside the actor's regions answers 404, as one that does not exist), revokes every live link,
 * mints one and mails it to the receipt's recipient, and records it in the history.
 */
export async function reissueStatusLink(
  context: StatusLinkContext,
  guid: string,
  admin: Staff,
): Promise<{ sentTo: string; expiresAt: string }> {
  const answer = await context.db.transaction().execute(async (trx) => {
    const enrollment = await lockedEnrollment(context, trx, guid, admin.scope)
    const recipient = receiptRecipient(enrollment)
    if (!recipient?.email) {
      throw AppError.conflict('This enrollment has no address to send a status link to.')
    }
    await context.statusLinks.revokeAll(trx, guid)
    const link = await context.statusLinks.mint(trx, guid)
    if (!link) throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    await mailStatusLink(context, trx, enrollment, link, recipient.email, 'reissued')
    await context.history.record(trx, {
      guid,
      action: STATUS_LINK_REISSUED_ACTION,
      actor: admin.username,
      statusBefore: null,
      statusAfter: null,
      changes: [
        { field: 'mail', before: null, after: `status-link-reissued to ${recipient.email}` },
      ],
    })
    return { sentTo: recipient.email, expiresAt: link.expiresAt.toISOString() }
  })
  context.mailQueued()
  return answer
}
