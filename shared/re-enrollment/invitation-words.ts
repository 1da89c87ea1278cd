import { formatCount } from '../format/number-text.js'
import { INVITATION_PAUSE_HOURS, NOT_SENT_REASONS, type NotSentReason } from './invitation-rules.js'
import type { InvitationResult } from './not-re-enrolled-schema.js'

/**
 * How the not-re-enrolled list words its invitations (docs/product.md#not-yet-re-enrolled): when
 * a row may be invited again, and what a request sent and why it did not send the rest.
 */

const PAUSE_MS = INVITATION_PAUSE_HOURS * 60 * 60 * 1000

/**
 * When an enrollment invited at `invitedAt` may be invited again; null when it may be now (never
 * invited, or the pause is over at `now`).
 */
export function invitableAgain(invitedAt: string | null, now: Date = new Date()): Date | null {
  if (!invitedAt) return null
  const again = new Date(new Date(invitedAt).getTime() + PAUSE_MS)
  return again.getTime() > now.getTime() ? again : null
}

const NOT_SENT_WORDS: Record<NotSentReason, string> = {
  invitedRecently: `invited in the last ${INVITATION_PAUSE_HOURS} hours (one invitation a day at most)`,
  notListed:
    'no longer on the list (enrolled meanwhile, or not an approved enrollment of last year)',
  noAddress: 'without a contact email address',
  demo: 'demo data, which is never mailed through a mail server',
}

/**
 * 'Invitations sent: 2.'; with what was not sent and why: 'Invitations sent: 0. Not sent: 1
 * invited in the last 24 hours (one invitation a day at most).'. Never a bare 0.
 */
export function invitationResultText(
  result: Pick<InvitationResult, 'sent' | 'skipped' | 'notSent'>,
): string {
  const sent = `Invitations sent: ${formatCount(result.sent)}.`
  const reasons = NOT_SENT_REASONS.filter((reason) => result.notSent[reason] > 0).map(
    (reason) => `${formatCount(result.notSent[reason])} ${NOT_SENT_WORDS[reason]}`,
  )
  if (reasons.length > 0) return `${sent} Not sent: ${reasons.join('; ')}.`
  if (result.skipped > 0) return `${sent} Not sent: ${formatCount(result.skipped)}.`
  return result.sent > 0 ? sent : `${sent} None was selected.`
}
