import { ApiError } from '../../lib/api-client'

export type SubmitOutcome = 'confirmation' | 'declined' | 'duplicate' | 'error'

/**
 * Where a public submission goes (docs/product.md#submission-outcomes). A 400 is not an outcome: it is rethrown so the
 * form shows the field errors.
 */
export function outcomeOfFailure(error: unknown, declining: boolean): SubmitOutcome {
  if (error instanceof ApiError) {
    if (error.status === 400) throw error
    if (error.status === 409) return 'duplicate'
    if (error.status === 201) return declining ? 'declined' : 'confirmation'
  }
  console.error('Enrollment submission failed', error)
  return 'error'
}

export function outcomeOfSuccess(declining: boolean): SubmitOutcome {
  return declining ? 'declined' : 'confirmation'
}
