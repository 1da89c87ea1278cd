import { z } from 'zod'

/**
 * `POST /api/rollover` (docs/product.md#rollover): how many of last year's approved enrollments
 * were copied into the year, and how many were not.
 */
export const rolloverResultSchema = z
  .object({
    from: z.int(),
    to: z.int(),
    created: z.int().describe('Enrollments created in the new year.'),
    skipped: z
      .int()
      .describe('Approved enrollments not copied: their dealer or LMA already has one then.'),
  })
  .meta({ id: 'RolloverResult' })

export type RolloverResult = z.output<typeof rolloverResultSchema>
