/**
 * Where a queued mail stands in the outbox (docs/product.md#mails): waiting, being sent, waiting
 * to try again, held back, given up on, or sent. The admin area names each one
 * (shared/format/mail-words.ts).
 */
export const MAIL_STATUSES = ['queued', 'sending', 'retrying', 'held', 'failed', 'sent'] as const
export type MailStatus = (typeof MAIL_STATUSES)[number]
