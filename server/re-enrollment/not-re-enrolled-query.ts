import { z } from 'zod'
import { ENROLLMENT_TYPES } from '../../shared/enrollment/enrollment.js'
import { yearBrandQuery } from '../dashboard/dashboard-query.js'
import { AppError } from '../http/app-error.js'
import { blankIsAbsent } from '../http/query-text.js'

const REGION_MESSAGE = 'Region is not valid.'

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

/** A region id that names a region, or a 400. */
export async function regionFilter(
  regions: { exists(id: number): Promise<boolean> },
  id: number | undefined,
): Promise<number | undefined> {
  if (id === undefined) return undefined
  if (!(await regions.exists(id)))
    throw AppError.badRequest(REGION_MESSAGE, { region: [REGION_MESSAGE] })
  return id
}
