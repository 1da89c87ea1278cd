import { z } from 'zod'
import { hasInvalidCharacter } from '../../shared/enrollment/text-fields.js'

/**
 * A text query parameter: sent once (a repeated one arrives as an array), at most `max`
 * characters, no control characters or lone surrogates (PostgreSQL cannot compare with NUL). `label` starts
 * the messages: 'Search must be text.'
 */
export function queryText(label: string, max: number) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required.` : `${label} must be text, sent once.`,
    })
    .max(max, `${label} must be at most ${max} characters.`)
    .refine(
      (value) => !hasInvalidCharacter(value),
      `${label} must not contain control characters or broken Unicode.`,
    )
}

/** An empty query value (a filter's 'Any', 'All brands') means no filter. */
export const blankIsAbsent = (value: unknown) => (value === '' ? undefined : value)

const YEAR_MESSAGE = 'Year must be a year such as 2025.'

/**
 * An optional `year` query parameter: four digits and nothing else (not '0x7e9', '2025.0' or
 * '1e3', which a number parser takes); empty means absent.
 */
export function yearQueryParam() {
  return z.preprocess(
    blankIsAbsent,
    z
      .string({ error: YEAR_MESSAGE })
      .regex(/^\d{4}$/, YEAR_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(1900, YEAR_MESSAGE))
      .optional(),
  )
}
