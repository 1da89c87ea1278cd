/**
 * The limits of the program office's own inputs (docs/product.md#office-workflow): the forms
 * and the server read them from here.
 */
export const OFFICE_LIMITS = {
  /** A reason given with Decline or Re-authorize, in characters. */
  reason: 500,
  /** An internal note, in characters. */
  note: 2000,
  /** The reference of an invoice's payment (a check number, a transfer id). */
  paymentReference: 100,
  /** Enrollments one bulk request may name; the list sends a larger selection in batches. */
  bulkBatch: 500,
} as const

/**
 * Decline's choice to show its reason on the enrollee's status page (docs/product.md#status-page):
 * the prompt's words, and why showing no reason is refused (the prompt and the server's 400).
 */
export const SHARE_REASON_LABEL = 'Show this reason to the enrollee on their status page'
export const SHARE_WITHOUT_REASON = 'Write the reason to show it to the enrollee.'

/** The answer of a bulk action for one enrollment. */
export type BulkOutcome = 'done' | 'skipped' | 'failed'

/**
 * The list's "needs attention" filter: enrollments with a mail the worker gave up on, and LMAs
 * whose invoice is unpaid past its due date.
 */
export const ATTENTION_FILTERS = {
  'failed-mail': 'A mail failed',
  'overdue-invoice': 'Invoice overdue',
} as const

export type AttentionFilter = keyof typeof ATTENTION_FILTERS
