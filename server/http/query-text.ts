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
