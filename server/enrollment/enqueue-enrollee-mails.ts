import type { Kysely } from 'kysely'
import { receiptAddress } from '../../shared/enrollment/receipt-address.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { Database } from '../db/schema.js'
import type { OutgoingMail } from '../mail/outbox-repository.js'
import { authorizationRequestMail } from '../mail/templates/authorization-request-mail.js'
import { representativeChangedMail } from '../mail/templates/representative-changed-mail.js'
import { submissionReceiptMail } from '../mail/templates/submission-receipt-mail.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'

/** The link an LMA's authorized representative follows to review and authorize. */
export function authorizationUrl(
  publicUrl: string,
  enrollment: Pick<StoredEnrollment, 'brand' | 'guid'>,
): string {
  return `${publicUrl}/${encodeURIComponent(enrollment.brand)}/enrollment/lma?auth=${enrollment.guid}`
}

/** The address of an enrollment's status page. */
export function statusUrl(publicUrl: string, brand: string, token: string): string {
  return `${publicUrl}/${encodeURIComponent(brand)}/enrollment/status/${token}`
}

/**
 * Whom an enrollment's status link goes to: whoever the receipt went to, the person who filled
 * in the form (an LMA's contact, a dealer's authorized representative).
 */
export function receiptRecipient(
  enrollment: Pick<StoredEnrollment, 'type' | 'lma' | 'dealers'>,
): { name: string; email: string; enrolled: string } | undefined {
  if (enrollment.type === 'Lma') {
    const { lma } = enrollment
    return lma
      ? { name: lma.contact, email: receiptAddress(enrollment), enrolled: lma.name }
      : undefined
  }
  const dealer = enrollment.dealers[0]
  return dealer
    ? { name: dealer.authName, email: receiptAddress(enrollment), enrolled: dealer.name }
    : undefined
}

/**
 * Queues the authorization request to lma.authEmailAddress in the caller's transaction and
 * records the request's time, so that its reminders count from now.
 */
export async function enqueueAuthorizationRequest(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  again = false,
): Promise<void> {
  if (!enrollment.lma) return
  await context.lifecycle.markAuthorizationRequested(executor, enrollment.id)
  await queueAuthorizationMail(context, executor, enrollment, { again })
}

/** The request again, as a reminder of one made on `requestedAt` (the reminder scheduler). */
export async function enqueueAuthorizationReminder(
  context: Pick<EnrollmentContext, 'config' | 'outbox'>,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  requestedAt: Date,
): Promise<void> {
  await queueAuthorizationMail(context, executor, enrollment, { again: true, requestedAt })
}

async function queueAuthorizationMail(
  context: Pick<EnrollmentContext, 'config' | 'outbox'>,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  wording: { again: boolean; requestedAt?: Date },
): Promise<void> {
  const { lma } = enrollment
  if (!lma) return
  const { config } = context
  const mail = authorizationRequestMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    lmaName: lma.name,
    reference: enrollment.reference,
    authName: lma.authName,
    agencyName: lma.agencyName,
    contact: lma.contact,
    dealerCount: enrollment.dealers.length,
    url: authorizationUrl(config.PUBLIC_URL, enrollment),
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    again: wording.again,
    requestedAt: wording.requestedAt,
  })
  await context.outbox.enqueue(executor, {
    kind: wording.requestedAt ? 'authorization-reminder' : 'authorization-request',
    enrollmentGuid: enrollment.guid,
    recipient: lma.authEmailAddress,
    ...mail,
  })
}

/**
 * When an authorization changed the representative's email, queues a notice to the previous
 * address in the caller's transaction; answers whether it did.
 */
export async function enqueueRepresentativeChangedNotice(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  before: StoredEnrollment,
  after: StoredEnrollment,
): Promise<boolean> {
  const previous = before.lma
  const current = after.lma
  if (!previous || !current) return false
  if (previous.authEmailAddress.toLowerCase() === current.authEmailAddress.toLowerCase()) {
    return false
  }
  const { config } = context
  const mail = representativeChangedMail({
    brandName: brandDisplayName(config.BRANDS, after.brand),
    year: after.year,
    lmaName: current.name,
    reference: after.reference,
    previousName: previous.authName,
    newName: current.authName,
    newEmail: current.authEmailAddress,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  await context.outbox.enqueue(executor, {
    kind: 'representative-changed',
    enrollmentGuid: after.guid,
    recipient: previous.authEmailAddress,
    ...mail,
  })
  return true
}

/**
 * Queues the receipt of a public submission to whoever filled in the form (a dealer's
 * representative, an LMA's contact) in the caller's transaction: the reference to quote, what
 * happens next, and the link to the enrollment's status page, minted here (never the
 * authorization link).
 */
export async function enqueueSubmissionReceipt(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
): Promise<void> {
  if (!receiptRecipient(enrollment) || enrollment.status === 'Approved') return
  const link = await context.statusLinks.mint(executor, enrollment.guid)
  if (!link) return
  const mail = submissionReceipt(context, enrollment, {
    token: link.token,
    expires: link.expiresAt,
  })
  if (mail) await context.outbox.enqueue(executor, mail)
}

/**
 * The receipt of a public submission with its status link; the reference and the link's expiry
 * may be placeholders that the writing statement replaces (dealer-submission-repository.ts).
 */
export function submissionReceipt(
  context: Pick<EnrollmentContext, 'config'>,
  enrollment: Pick<
    StoredEnrollment,
    'type' | 'lma' | 'dealers' | 'status' | 'brand' | 'year' | 'guid' | 'reference'
  >,
  link: { token: string; expires: Date | string },
): OutgoingMail | undefined {
  const recipient = receiptRecipient(enrollment)
  if (!recipient || enrollment.status === 'Approved') return undefined
  const { config } = context
  const mail = submissionReceiptMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    reference: enrollment.reference,
    enrolledName: recipient.enrolled,
    recipientName: recipient.name,
    type: enrollment.type,
    status: enrollment.status,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    statusUrl: statusUrl(config.PUBLIC_URL, enrollment.brand, link.token),
    statusLinkExpires: link.expires,
  })
  return {
    kind: 'submission-receipt',
    enrollmentGuid: enrollment.guid,
    recipient: recipient.email,
    ...mail,
  }
}
