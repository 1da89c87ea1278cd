/**
 * The reference of the enrollment just submitted or authorized travels to the Thank You (or
 * opted-out) page in the history entry's state, so a reload keeps it and the address shows
 * nothing. With it goes whether a receipt was mailed: a submission mails one, an authorization
 * does not, and the page says only what happened.
 */
const REFERENCE = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/

export interface ReferenceState {
  reference: string
  receiptMailed: boolean
}

export function referenceState(
  reference: string | undefined,
  receiptMailed: boolean,
): ReferenceState | undefined {
  return reference ? { reference, receiptMailed } : undefined
}

export function submittedReference(): ReferenceState | undefined {
  const state: unknown = window.history.state
  if (typeof state !== 'object' || state === null || !('reference' in state)) return undefined
  const { reference } = state
  if (typeof reference !== 'string' || !REFERENCE.test(reference)) return undefined
  return { reference, receiptMailed: 'receiptMailed' in state && state.receiptMailed === true }
}
