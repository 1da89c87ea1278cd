import { z } from 'zod'

/** RFC 9457 problem details: the body of every error answer. */
export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.int(),
    detail: z.string(),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe(
        'Field path (`lma.name`, `dealers[0].bac`) to messages; only on validation failures.',
      ),
  })
  .meta({ id: 'Problem' })
