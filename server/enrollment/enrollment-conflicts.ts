import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { AppError } from '../http/app-error.js'
import { bacKeyFromDetail, uniqueViolation } from './unique-violation.js'

export function duplicateBacMessage(year: number): string {
  return `This dealer is already enrolled for ${year}.`
}

export function duplicateDealerError(): AppError {
  return AppError.conflict('An enrollment for this dealer has already been received.')
}

export function duplicateLmaError(options: { duplicateIsConflict: boolean }): AppError {
  const message = 'An enrollment for this LMA has already been received.'
  return options.duplicateIsConflict
    ? AppError.conflict(message)
    : AppError.badRequest(message, { 'lma.name': [message] })
}

/**
 * The database's unique indexes settle races that the checks before the insert cannot see:
 * turn their violations into the same answers the checks give.
 */
export function translateUniqueViolation(
  error: unknown,
  input: Enrollment,
  options: { duplicateIsConflict: boolean },
): unknown {
  const violation = uniqueViolation(error)
  if (!violation) return error
  if (violation.constraint === 'enrollments_lma_name_unique') return duplicateLmaError(options)
  if (violation.constraint !== 'enrollment_dealers_bac_unique') return error
  if (input.type === 'Dealer' && options.duplicateIsConflict) return duplicateDealerError()
  const key = bacKeyFromDetail(violation.detail)
  const index = input.dealers.findIndex((dealer) => bacKey(dealer.bac) === key)
  const path = index >= 0 ? `dealers[${index}].bac` : 'dealers'
  return AppError.badRequest('Some dealers are already enrolled.', {
    [path]: [duplicateBacMessage(input.year)],
  })
}
