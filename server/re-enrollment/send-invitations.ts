import { enrollmentDeadlineText } from '../../shared/enrollment/program-dates.js'
import { brandDisplayName } from '../../shared/format/brand-name.js'
import {
  INVITATION_ACTION,
  INVITATION_PAUSE_HOURS,
  type InvitationResult,
  type NotSentReason,
} from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import { type AuditRepository, scopeFilters } from '../audit/audit-repository.js'
import type { Staff } from '../auth/auth-plugin.js'
import type { EnrollmentContext } from '../enrollment/enrollment-context.js'
import { outsideRegions } from '../enrollment/enrollment-scope.js'
import { reEnrollmentInvitationMail } from '../mail/templates/re-enrollment-invitation-mail.js'
import type { NotReEnrolledRepository } from './not-re-enrolled-repository.js'

/** What the list and the invitations are handed: the enrollment's part of the app's context, their own repository and the audit trail. */
export interface ReEnrollmentContext extends EnrollmentContext {
  notReEnrolled: NotReEnrolledRepository
  audit: AuditRepository
}

/** The public form an invitation links to. */
export function enrollmentFormUrl(
  publicUrl: string,
  brand: string,
  type: 'Dealer' | 'Lma',
): string {
  return `${publicUrl}/${encodeURIComponent(brand)}/enrollment/${type === 'Lma' ? 'lma' : 'dealer'}`
}

/** An invitation sent, or why not. */
type Sent = true | NotSentReason

/**
 * Invites last year's approved enrollments (by guid) to enroll in the enrollment year
 * (docs/product.md#not-yet-re-enrolled). Each in a transaction that locks last year's
 * enrollment and checks again that it is not enrolled and was not invited in the last 24 hours,
 * then queues the mail and writes the history: two administrators sending at once send one.
 * A regional manager's request that names an enrollment outside their regions sends nothing
 * (400); one moved out of them meanwhile is skipped.
 */
export async function sendInvitations(
  context: ReEnrollmentContext,
  guids: readonly string[],
  admin: Staff,
): Promise<InvitationResult> {
  const { config } = context
  const repository = context.notReEnrolled
  await refuseOutsideScope(repository, guids, admin)
  const invited: string[] = []
  // Why each of the others was not sent: the answer says so, never a bare 0.
  const notSent: Record<NotSentReason, number> = {
    invitedRecently: 0,
    notListed: 0,
    noAddress: 0,
    demo: 0,
  }
  for (const guid of new Set(guids)) {
    const done = await context.db.transaction().execute(async (trx): Promise<Sent> => {
      if (!(await context.lifecycle.lock(trx, guid))) return 'notListed'
      const [item] = await repository.find(
        { scope: admin.scope, year: config.ENROLLMENT_YEAR, guids: [guid] },
        trx,
      )
      if (!item) return 'notListed'
      if (!item.contactEmail) return 'noAddress'
      if (await repository.invitedWithin(trx, guid, INVITATION_PAUSE_HOURS)) {
        return 'invitedRecently'
      }
      const mail = reEnrollmentInvitationMail({
        brandName: brandDisplayName(config.BRANDS, item.brand),
        year: config.ENROLLMENT_YEAR,
        deadline: enrollmentDeadlineText(config.ENROLLMENT_YEAR, config.programCalendar),
        type: item.type,
        enrolledName: item.name,
        recipientName: item.contactName,
        url: enrollmentFormUrl(config.PUBLIC_URL, item.brand, item.type),
        supportEmail: config.SUPPORT_EMAIL,
        supportPhone: config.SUPPORT_PHONE,
      })
      const queued = await context.outbox.enqueue(trx, {
        kind: 're-enrollment-invitation',
        recipient: item.contactEmail,
        enrollmentGuid: guid,
        ...mail,
      })
      // A demo enrollment is never mailed through a mail server: it is skipped, with no
      // invitation in its history.
      if (!queued) return 'demo'
      await context.history.record(trx, {
        guid,
        action: INVITATION_ACTION,
        actor: admin.username,
        statusBefore: 'Approved',
        statusAfter: 'Approved',
      })
      return true
    })
    if (done === true) invited.push(guid)
    else notSent[done] += 1
  }
  const selected = new Set(guids).size
  if (invited.length > 0) {
    // Each invitation commits in its own transaction (with its history entry); the batch's
    // entry follows them and counts those sent. A batch that sent none leaves none.
    await context.audit.record({
      actor: admin.username,
      action: 'invitations',
      year: config.ENROLLMENT_YEAR,
      filters: { selected, ...scopeFilters(admin) },
      rows: invited.length,
    })
    context.mailQueued()
  }
  return { sent: invited.length, invited, skipped: selected - invited.length, notSent }
}

/**
 * A regional manager's invitations name their regions' enrollments only: a request naming any
 * other (another region's, one without a region, or none at all: the words are true of each and
 * tell them apart for no one) sends nothing, as a bulk action changes nothing.
 */
async function refuseOutsideScope(
  repository: NotReEnrolledRepository,
  guids: readonly string[],
  staff: Staff,
): Promise<void> {
  if (staff.scope.all) return
  const mine = await repository.inScope(guids, staff.scope)
  const outside = [...new Set(guids)].filter((guid) => !mine.has(guid))
  if (outside.length === 0) return
  throw outsideRegions(outside, 'no invitation was sent')
}
