import type { Kysely } from 'kysely'
import { receiptAddress } from '../../shared/enrollment/receipt-address.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import type { Database } from '../db/schema.js'
import { drawnWhenSent, type OutgoingMail } from '../mail/outbox-repository.js'
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
 * records the request's time, so that its reminders count from now. Caused by a public
 * submission (`client` given), it spends that client's daily budget and names nothing the
 * submitter typed; sent back by the office's Re-authorize, it says so and why, and names the LMA
 * and its people.
 */
export async function enqueueAuthorizationRequest(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  cause: { client: string } | { sentBack: true; reason: string | undefined },
): Promise<void> {
  if (!enrollment.lma) return
  await context.lifecycle.markAuthorizationRequested(executor, enrollment.id)
  await queueAuthorizationMail(
    context,
    executor,
    enrollment,
    'client' in cause
      ? { again: false, client: cause.client }
      : { again: true, named: true, sentBack: { reason: cause.reason } },
  )
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
  wording: {
    again: boolean
    requestedAt?: Date
    named?: boolean
    client?: string
    sentBack?: { reason: string | undefined }
  },
): Promise<void> {
  const { lma } = enrollment
  if (!lma) return
  const { config } = context
  const mail = authorizationRequestMail({
    brandName: brandDisplayName(config.BRANDS, enrollment.brand),
    year: enrollment.year,
    reference: enrollment.reference,
    named: wording.named
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
    again: wording.again,
    requestedAt: wording.requestedAt,
    sentBack: wording.sentBack,
  })
  await context.outbox.enqueue(executor, {
    kind: wording.requestedAt ? 'authorization-reminder' : 'authorization-request',
    enrollmentGuid: enrollment.guid,
    recipient: lma.authEmailAddress,
    ...mail,
    ...(wording.client && { budget: { group: 'submission', client: wording.client } }),
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
 * representative, an LMA's contact) in the caller's transaction. The worker draws it when it
 * sends it (composeSubmissionReceipt), with the status link minted then, and it spends the
 * daily budget of the `client` that submitted (docs/security.md#capabilities).
 */
export async function enqueueSubmissionReceipt(
  context: EnrollmentContext,
  executor: Kysely<Database>,
  enrollment: StoredEnrollment,
  client: string,
): Promise<void> {
  const mail = submissionReceiptRequest(enrollment, client)
  if (mail) await context.outbox.enqueue(executor, mail)
}

/**
 * The receipt as queued: what the worker draws it from (the enrollment; its guid is filled in by
 * the writing statement of a dealer submission), none when no receipt goes out.
 */
export function submissionReceiptRequest(
  enrollment: Pick<StoredEnrollment, 'type' | 'lma' | 'dealers' | 'status' | 'guid'>,
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
  context: Pick<EnrollmentContext, 'config'>,
  enrollment: Pick<StoredEnrollment, 'type' | 'status' | 'brand' | 'year' | 'reference'>,
  link: { token: string; expires: Date },
) {
  const { config } = context
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
