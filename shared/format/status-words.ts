import type { EnrollmentStatus } from '../enrollment/enrollment.js'

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
