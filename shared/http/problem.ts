import type { z } from 'zod'
import type { problemSchema } from './problem-schema.js'

/** RFC 9457 problem details, the body of every error the API answers. */
export type Problem = z.output<typeof problemSchema>

export function isProblem(value: unknown): value is Problem {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Problem).status === 'number' &&
    typeof (value as Problem).title === 'string'
  )
}
