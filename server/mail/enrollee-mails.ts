import type { EnrollmentStatus } from '../../shared/domain/enrollment-choices.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { invoiceItems } from '../../shared/enrollment/pricing.js'
import { receiptAddress } from '../../shared/enrollment/receipt-address.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { Config } from '../config/config.js'
import { drawnWhenSent, type OutgoingMail } from './outbox-repository.js'
import { approvalConfirmationMail } from './templates/approval-confirmation-mail.js'
import { authorizationRequestMail } from './templates/authorization-request-mail.js'
import { representativeChangedMail } from './templates/representative-changed-mail.js'
import { submissionReceiptMail } from './templates/submission-receipt-mail.js'

/**
 * The mails to an enrollment's people (docs/product.md#mails), each as the outbox takes it: what
 * it says and to whom, built from the enrollment and the configuration, never queued here. The
 * operation that causes one queues it in its own transaction (`context.outbox.enqueue`), or, for
 * a submission, writes it with the enrollment (server/enrollment/submission-repository.ts).
 */

/** What these mails read of an enrollment: a stored one, or one about to be written. */
export type EnrolleeMailEnrollment = Pick<
  Enrollment,
  'guid' | 'year' | 'brand' | 'type' | 'lma' | 'dealers'
> & {
  status: EnrollmentStatus
  /** What the enrollee quotes (XXXX-XXXX-XXXX). */
  reference: string
}

/** The configuration the mails read: the brands' names, the site's address, the support lines. */
export type EnrolleeMailConfig = Pick<
  Config,
  'BRANDS' | 'PUBLIC_URL' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'
>

/** The link an LMA's authorized representative follows to review and authorize. */
export function authorizationUrl(
  publicUrl: string,
  enrollment: Pick<EnrolleeMailEnrollment, 'brand' | 'guid'>,
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
  enrollment: Pick<EnrolleeMailEnrollment, 'type' | 'lma' | 'dealers'>,
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
 * Why the authorization request goes out: a public submission (it spends that `client`'s daily
 * budget and names nothing the submitter typed), the office's Re-authorize (it says so and why,
 * and names the LMA and its people), or a reminder of the request made on `requestedAt`.
 */
export type AuthorizationCause =
  | { client: string }
  | { sentBack: true; reason: string | undefined }
  | { reminderOf: Date }

/** The authorization request to lma.authEmailAddress; none for an enrollment without an LMA. */
export function authorizationRequest(
  config: EnrolleeMailConfig,
  enrollment: EnrolleeMailEnrollment,
  cause: AuthorizationCause,
): OutgoingMail | undefined {
  const { lma } = enrollment
  if (!lma) return undefined
  const sentBack = 'sentBack' in cause ? { reason: cause.reason } : undefined
  const requestedAt = 'reminderOf' in cause ? cause.reminderOf : undefined
  const mail = authorizationRequestMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    reference: enrollment.reference,
    named: sentBack
      ? {
          lmaName: lma.name,
          authName: lma.authName,
          agencyName: lma.agencyName,
          contact: lma.contact,
        }
      : undefined,
    dealerCount: enrollment.dealers.length,
    url: authorizationUrl(config.PUBLIC_URL, enrollment),
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    again: !('client' in cause),
    requestedAt,
    sentBack,
  })
  return {
    kind: requestedAt ? 'authorization-reminder' : 'authorization-request',
    enrollmentGuid: enrollment.guid,
    recipient: lma.authEmailAddress,
    ...mail,
    ...('client' in cause && { budget: { group: 'submission', client: cause.client } }),
  }
}

/**
 * The notice to the previous address when an authorization changed the representative's email;
 * none when it did not.
 */
export function representativeChangedNotice(
  config: EnrolleeMailConfig,
  before: EnrolleeMailEnrollment,
  after: EnrolleeMailEnrollment,
): OutgoingMail | undefined {
  const previous = before.lma
  const current = after.lma
  if (!previous || !current) return undefined
  if (previous.authEmailAddress.toLowerCase() === current.authEmailAddress.toLowerCase()) {
    return undefined
  }
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
  return {
    kind: 'representative-changed',
    enrollmentGuid: after.guid,
    recipient: previous.authEmailAddress,
    ...mail,
  }
}

/**
 * The receipt of a public submission to whoever filled in the form (a dealer's representative,
 * an LMA's contact), as queued: the worker draws it when it sends it (submissionReceiptContent,
 * with the status link minted then), and it spends the daily budget of the `client` that
 * submitted (docs/security.md#capabilities). None when no receipt goes out.
 */
export function submissionReceipt(
  enrollment: Pick<EnrolleeMailEnrollment, 'type' | 'lma' | 'dealers' | 'status' | 'guid'>,
  client: string,
): OutgoingMail | undefined {
  const recipient = receiptRecipient(enrollment)
  if (!recipient?.email || enrollment.status === 'Approved') return undefined
  return drawnWhenSent({
    kind: 'submission-receipt',
    enrollmentGuid: enrollment.guid,
    recipient: recipient.email,
    compose: { kind: 'submission-receipt', guid: enrollment.guid },
    budget: { group: 'submission', client },
  })
}

/**
 * The receipt's words, with its status link: the reference and the program's words only, never
 * a text the submitter typed (the mail goes to an address a stranger may have named), and never
 * the authorization link.
 */
export function submissionReceiptContent(
  config: EnrolleeMailConfig,
  enrollment: Pick<EnrolleeMailEnrollment, 'type' | 'status' | 'brand' | 'year' | 'reference'>,
  link: { token: string; expires: Date },
) {
  const status = enrollment.status === 'Approved' ? 'Approving' : enrollment.status
  return submissionReceiptMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    reference: enrollment.reference,
    type: enrollment.type,
    status,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
    statusUrl: statusUrl(config.PUBLIC_URL, enrollment.brand, link.token),
    statusLinkExpires: link.expires,
  })
}

/** The approval confirmation to the authorized representative; none without an address. */
export function approvalConfirmation(
  config: EnrolleeMailConfig,
  enrollment: EnrolleeMailEnrollment,
): OutgoingMail | undefined {
  const dealer = enrollment.dealers[0]
  const representative =
    enrollment.type === 'Lma'
      ? { name: enrollment.lma?.authName, email: enrollment.lma?.authEmailAddress }
      : { name: dealer?.authName, email: dealer?.authEmailAddress }
  if (!representative.email) return undefined
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
  return {
    kind: 'approval-confirmation',
    enrollmentGuid: enrollment.guid,
    recipient: representative.email,
    ...mail,
  }
}
