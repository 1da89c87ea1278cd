/**
 * The reference of the enrollment just submitted travels to the Thank You (or opted-out) page
 * in the history entry's state, so a reload keeps it and the address shows nothing.
 */
const REFERENCE = /^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/

export function referenceState(reference: string | undefined): { reference: string } | undefined {
  return reference ? { reference } : undefined
}

export function submittedReference(): string | undefined {
  const state: unknown = window.history.state
  if (typeof state !== 'object' || state === null || !('reference' in state)) return undefined
  const { reference } = state
  return typeof reference === 'string' && REFERENCE.test(reference) ? reference : undefined
}
