import { z } from 'zod'
import { type EnrollmentScope, inScope } from '../../shared/auth/staff-role.js'
import { ENROLLMENT_TYPES } from '../../shared/domain/enrollment-choices.js'
import { yearBrandQuery } from '../dashboard/dashboard-query.js'
import { AppError } from '../http/app-error.js'
import { blankIsAbsent } from '../http/query-text.js'

const REGION_MESSAGE = 'Region is not valid.'
export const NOT_YOUR_REGION_MESSAGE = 'The region is not one of your regions.'

/** `?year=2026&brand=chevy&region=3&type=Lma`: the list's filters, also the export's. */
export const notReEnrolledQuery = yearBrandQuery.extend({
  region: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: REGION_MESSAGE })
      .regex(/^\d{1,6}$/, REGION_MESSAGE)
      .transform(Number)
      .optional(),
  ),
  type: z.preprocess(
    blankIsAbsent,
    z.enum(ENROLLMENT_TYPES, { error: 'Type must be Lma or Dealer.' }).optional(),
  ),
})

/**
 * A region id that names a region, or a 400; and for a regional manager one of their regions,
 * or a 400 that says so (the regions are no secret: the public forms list them).
 */
export async function regionFilter(
  regions: { exists(id: number): Promise<boolean> },
  id: number | undefined,
  scope: EnrollmentScope,
): Promise<number | undefined> {
  if (id === undefined) return undefined
  if (!(await regions.exists(id)))
    throw AppError.badRequest(REGION_MESSAGE, { region: [REGION_MESSAGE] })
  if (!inScope(scope, id)) {
    throw AppError.badRequest(NOT_YOUR_REGION_MESSAGE, { region: [NOT_YOUR_REGION_MESSAGE] })
  }
  return id
}
