import type { MailKind } from '../domain/mail-kinds.js'
import type { MailStatus } from '../domain/mail-statuses.js'

/** How each kind of mail is named wherever the admin area shows one: the mails, the history. */
export const MAIL_KIND_WORDS: Readonly<Record<MailKind, string>> = {
  'authorization-request': 'Authorization request',
  'authorization-reminder': 'Authorization reminder',
  'submission-receipt': 'Submission receipt',
  'representative-changed': 'Representative changed',
  'approval-confirmation': 'Approval confirmation',
  invoice: 'Invoice',
  're-enrollment-invitation': 'Re-enrollment invitation',
  'status-link': 'Status link',
  'status-link-reissued': 'Status link re-issued',
  'draft-link': 'Saved form link',
  'shipment-notice': 'Kits shipped',
}

/** How a mail's delivery state is shown. */
export const MAIL_STATUS_WORDS: Readonly<Record<MailStatus, string>> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  held: 'Held back',
  failed: 'Failed',
  sent: 'Sent',
}

function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(MAIL_KIND_WORDS, kind)
}

/** 'authorization-reminder' → 'Authorization reminder'; a kind this table does not know, as stored. */
export function mailKindWords(kind: string): string {
  return isMailKind(kind) ? MAIL_KIND_WORDS[kind] : kind
}
