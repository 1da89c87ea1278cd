import type { EnrollmentStatus } from '../domain/enrollment-choices.js'
import type { InvoiceStanding, VoidCause } from '../domain/invoice-standings.js'
import type { TimelineEvent } from '../domain/timeline-events.js'
import { formatDate } from './date-text.js'
import { formatMoney } from './money-text.js'

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
  'invoice-revised': 'Invoice revised',
  paid: 'Paid',
  'invoice-voided': 'Invoice void',
}

/**
 * An invoice's payment state, as the payment panel, the reports and the status page say it: Paid
 * once a payment recorded covers it (no `balance` left), else Overdue past its due date or Unpaid.
 */
export function paymentStateWords(payment: {
  paidOn: string | null
  overdue: boolean
  balance?: number
}): 'Paid' | 'Overdue' | 'Unpaid' {
  if (payment.paidOn && !(payment.balance !== undefined && payment.balance > 0)) return 'Paid'
  return payment.overdue ? 'Overdue' : 'Unpaid'
}

/** An invoice's standing in one word or two, as the payment panel, the reports and the status page say it. */
export const INVOICE_STANDING_WORDS: Readonly<Record<InvoiceStanding, string>> = {
  live: 'Live',
  'under-revision': 'Under revision',
  void: 'Void',
}

/**
 * The sentence beside an invoice that is not simply live (docs/product.md#invoices), the same on
 * the payment panel, the invoice page, the status page and in the invoices report; null for a
 * live one. A credit due back is said by `creditDueBackSentence`.
 */
export function invoiceStandingSentence(invoice: {
  standing: InvoiceStanding
  voidCause?: VoidCause | null
}): string | null {
  switch (invoice.standing) {
    case 'live':
      return null
    case 'under-revision':
      return 'Under revision: the enrollment was sent back to its representative. This invoice stays due until a revision replaces it.'
    case 'void':
      return invoice.voidCause === 'deleted'
        ? 'Void: the enrollment was deleted. Nothing is due.'
        : 'Void: the enrollment was declined. Nothing is due.'
  }
}

/** A payment recorded on an invoice that is now void (amount in cents, date YYYY-MM-DD). */
export function creditDueBackSentence(cents: number, paidOn: string): string {
  return `Credit due back: the payment of ${formatMoney(cents)} received on ${formatDate(paidOn)} is owed back to the LMA.`
}

export { sentBackWords } from './sent-back-words.js'
