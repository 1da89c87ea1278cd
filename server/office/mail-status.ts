import { type EnrollmentScope, inScope } from '../../shared/auth/staff-role.js'
import type { MailStatus } from '../../shared/domain/mail-statuses.js'
import type { EnrollmentMail } from '../../shared/office/office-schemas.js'
import type { Staff } from '../auth/auth-plugin.js'
import { checkReadScope, NO_ENROLLMENT_MESSAGE } from '../enrollment/enrollment-scope.js'
import { AppError } from '../http/app-error.js'
import { WITHDRAWN } from '../mail/outbox-repository.js'
import type { OfficeContext } from './office-context.js'

export type { EnrollmentMail, MailStatus }

/**
 * The mails about an enrollment (docs/product.md#office-workflow), oldest first; 404 when
 * neither it nor any mail exists, or when the enrollment is outside the scope.
 */
export async function listMails(
  context: OfficeContext,
  guid: string,
  scope: EnrollmentScope,
): Promise<EnrollmentMail[]> {
  await checkReadScope(context, guid, scope)
  const rows = await context.outbox.listForEnrollment(guid)
  if (rows.length === 0 && !(await context.enrollments.findByGuid(guid))) {
    throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  }
  return rows.map((row) => ({
    id: String(row.id),
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error && withoutSecrets(row.last_error),
    queuedAt: new Date(row.created_at).toISOString(),
    sentAt: row.sent_at ? new Date(row.sent_at).toISOString() : null,
    nextAttemptAt: row.next_attempt_at ? new Date(row.next_attempt_at).toISOString() : null,
  }))
}

/**
 * An SMTP error as an administrator may read it: URLs with credentials and anything that looks
 * like a password or token are masked (the relay's answer stays, which is what helps).
 */
export function withoutSecrets(error: string): string {
  return error
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(:[^@\s/]*)?@/gi, '$1***@')
    .replace(/\b(pass(word)?|pwd|token|secret|auth)(\s*[=:]\s*)\S+/gi, '$1$3***')
}

/**
 * Send again (docs/product.md#office-workflow): a failed or retrying mail becomes due now with
 * a fresh count of attempts, and the history says who asked. One statement decides, under the
 * row's lock: a mail a worker is sending right now, or one already sent, is refused (409), so a
 * mail never goes out twice because of this button. The enrollment's lock comes first, as for
 * every writer of its history; an enrollment outside the actor's regions answers 404, as one
 * that does not exist.
 */
export async function sendMailAgain(
  context: OfficeContext,
  guid: string,
  mailId: string,
  admin: Staff,
): Promise<EnrollmentMail> {
  if (!/^\d{1,18}$/.test(mailId))
    throw AppError.notFound('There is no such mail for this enrollment.')
  const done = await context.db.transaction().execute(async (trx) => {
    const locked = await context.lifecycle.lock(trx, guid)
    // A deleted enrollment's mails stay: they have no region, so administrators' alone.
    if (!inScope(admin.scope, locked?.regionId ?? null)) return 'outside'
    const updated = await context.outbox.sendAgain(trx, guid, mailId)
    if (!updated) return false
    await context.history.record(trx, {
      guid,
      action: 'mail sent again',
      actor: admin.username,
      statusBefore: null,
      statusAfter: null,
      changes: [{ field: 'mail', before: null, after: `${updated.kind} to ${updated.recipient}` }],
    })
    return true
  })
  if (done === 'outside') throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
  // Outside the transaction: on the embedded database a second query would wait for it.
  if (!done) throw await refusal(context, guid, mailId, admin.scope)
  context.mailQueued()
  const mail = (await listMails(context, guid, admin.scope)).find((each) => each.id === mailId)
  if (!mail) throw AppError.notFound('There is no such mail for this enrollment.')
  return mail
}

async function refusal(
  context: OfficeContext,
  guid: string,
  mailId: string,
  scope: EnrollmentScope,
): Promise<AppError> {
  const mail = (await listMails(context, guid, scope)).find((each) => each.id === mailId)
  if (!mail) return AppError.notFound('There is no such mail for this enrollment.')
  if (mail.status === 'sent') return AppError.conflict('This mail has already been sent.')
  if (mail.status === 'sending') return AppError.conflict('This mail is being sent right now.')
  if (mail.lastError?.startsWith(WITHDRAWN)) {
    return AppError.conflict(`This mail was withdrawn and cannot be sent again. ${mail.lastError}`)
  }
  return AppError.conflict('This mail is queued and has not been tried yet.')
}
