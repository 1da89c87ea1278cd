import type { z } from 'zod/mini'
import { issuesToFieldErrors, type ValidationResult } from '../field-errors.js'

/** Parses a value with one of the shared schemas and answers as the forms and the API read it. */
export function validateWith<T>(schema: z.ZodMiniType<T>, value: unknown): ValidationResult<T> {
  const result = schema.safeParse(value)
  if (result.success) return { success: true, data: result.data }
  return { success: false, errors: issuesToFieldErrors(result.error.issues) }
}
