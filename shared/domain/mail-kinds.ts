/**
 * Every kind of mail the server queues (docs/product.md#mails). The outbox takes only these, and
 * the admin area names each one (shared/format/mail-words.ts), so a new kind needs its words.
 */
export const MAIL_KINDS = [
  'authorization-request',
  'authorization-reminder',
  'submission-receipt',
  'representative-changed',
  'approval-confirmation',
  'invoice',
  're-enrollment-invitation',
  'status-link',
  'status-link-reissued',
  'draft-link',
  'shipment-notice',
] as const
export type MailKind = (typeof MAIL_KINDS)[number]
