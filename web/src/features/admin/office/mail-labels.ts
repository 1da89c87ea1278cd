import type { MailStatus } from './office-calls'

/** What each kind of mail is called in the admin area. */
export const MAIL_KIND_LABELS: Record<string, string> = {
  'authorization-request': 'Authorization request',
  'authorization-reminder': 'Authorization reminder',
  're-enrollment-invitation': 'Re-enrollment invitation',
  'representative-changed': 'Representative changed',
  'submission-receipt': 'Submission receipt',
  'approval-confirmation': 'Approval confirmation',
  invoice: 'Invoice',
}

export const MAIL_STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  retrying: 'Retrying',
  failed: 'Failed',
  sent: 'Sent',
}

export function mailKindLabel(kind: string): string {
  return MAIL_KIND_LABELS[kind] ?? kind
}
