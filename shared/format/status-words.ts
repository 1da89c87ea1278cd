import type { EnrollmentStatus } from '../enrollment/enrollment.js'
import type { TimelineEvent } from '../enrollment/status-page.js'

/**
 * How an enrollment's status is shown, everywhere (the list, the dialog's title and history,
 * the filters, the exports): the spec's words (docs/product.md#statuses). Deleted exists only in
 * the browser, on the row of an enrollment just deleted, and in the history of one.
 */
export const STATUS_WORDS: Readonly<Record<EnrollmentStatus | 'Deleted', string>> = {
  Approved: 'Approved',
  Approving: 'Approving',
  Authorizing: 'Authorizing',
  Declined: 'Declined',
  Deleted: 'Deleted',
}

/** What each status means: the list's legend. */
export const STATUS_MEANINGS: Readonly<Record<EnrollmentStatus, string>> = {
  Approved: 'ready to bill / ship',
  Approving: 'awaiting admin approval',
  Authorizing: 'awaiting review by the authorized rep',
  Declined: 'the LMA or dealer chose not to participate',
}

function isKnown(status: string): status is keyof typeof STATUS_WORDS {
  return Object.hasOwn(STATUS_WORDS, status)
}

/** A status's words; one this table does not know (added later), as stored. */
export function statusWords(status: string): string {
  return isKnown(status) ? STATUS_WORDS[status] : status
}

/**
 * Where an enrollment stands, in the words of the enrollee's status page
 * (docs/product.md#status-page): whom it waits for, or what was decided.
 */
export function statusPageWords(status: EnrollmentStatus, representative: string): string {
  switch (status) {
    case 'Authorizing':
      return `${STATUS_WORDS.Authorizing}: waiting for ${representative || 'the authorized representative'}`
    case 'Approving':
      return `${STATUS_WORDS.Approving}: with the program office`
    default:
      return STATUS_WORDS[status]
  }
}

/** The timeline's words for each step of an enrollment (the status page). */
export const TIMELINE_WORDS: Readonly<Record<TimelineEvent, string>> = {
  submitted: 'Submitted',
  authorized: 'Authorized by the representative',
  reauthorization: 'Sent back to the representative for authorization',
  approved: 'Approved',
  declined: 'Declined',
  invoiced: 'Invoice issued',
  paid: 'Paid',
}

/** An invoice's payment state, as the payment panel, the reports and the status page say it. */
export function paymentStateWords(payment: {
  paidOn: string | null
  overdue: boolean
}): 'Paid' | 'Overdue' | 'Unpaid' {
  if (payment.paidOn) return 'Paid'
  return payment.overdue ? 'Overdue' : 'Unpaid'
}
