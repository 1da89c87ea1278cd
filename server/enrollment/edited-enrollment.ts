import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { validateEnrollment } from '../../shared/enrollment/enrollment-schema.js'
import { AppError } from '../http/app-error.js'
import type { EnrollmentContext } from './enrollment-context.js'

/**
 * The body of a change to a submitted enrollment (an administrator's Save Changes or the
 * representative's Authorize): valid in edit mode (the region required), with the version the
 * page loaded and a region that exists. Throws the 400 otherwise.
 */
export async function checkEditedEnrollment(
  context: EnrollmentContext,
  body: unknown,
): Promise<Enrollment & { version: number }> {
  const result = validateEnrollment(body, { mode: 'edit' })
  if (!result.success) throw AppError.badRequest('The enrollment is not valid.', result.errors)
  const { version, regionId } = result.data
  if (version === undefined) {
    throw AppError.badRequest('The enrollment version is missing.', {
      version: ['Version is required.'],
    })
  }
  if (regionId !== null && !(await context.regions.exists(regionId))) {
    throw AppError.badRequest('The region is not valid.', { regionId: ['Region is not valid.'] })
  }
  return { ...result.data, version }
}
