import { z } from 'zod'
import { ENROLLMENT_STATUSES, ENROLLMENT_TYPES } from '../../shared/enrollment/enrollment.js'

/** An empty query value (the list's 'Any') means no filter. */
const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value)

/** The query of `GET /api/enrollments`: bad values are a 400 naming the field. */
export const enrollmentListQuery = z.object({
  year: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: 'Year must be a year such as 2025.' })
      .int('Year must be a year such as 2025.')
      .min(1900, 'Year must be a year such as 2025.')
      .max(9999, 'Year must be a year such as 2025.')
      .optional(),
  ),
  status: z.preprocess(
    blankIsAbsent,
    z
      .enum(ENROLLMENT_STATUSES, {
        error: `Status must be one of ${ENROLLMENT_STATUSES.join(', ')}.`,
      })
      .optional(),
  ),
  type: z.preprocess(
    blankIsAbsent,
    z.enum(ENROLLMENT_TYPES, { error: 'Type must be Lma or Dealer.' }).optional(),
  ),
  search: z
    .string({ error: 'Search must be text.' })
    .max(100, 'Search must be at most 100 characters.')
    .optional(),
})
