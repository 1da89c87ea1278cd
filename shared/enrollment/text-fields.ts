import * as z from 'zod/mini'
import { normalizeText } from './text-normalization.js'
import { lengthMessage, MESSAGES } from './validation-messages.js'

/** NXX-XXX-XXXX, first digit 2 to 9 (docs/product.md#dealer-form-checks). */
export const PHONE_PATTERN = /^[2-9]\d{2}-\d{3}-\d{4}$/
/** Exactly five digits (docs/product.md#dealer-form-checks). */
export const ZIP_PATTERN = /^\d{5}$/
export { EMAIL_PATTERN } from './email-pattern.js'

type StringCheck = z.core.$ZodCheck<string>

/** A UTF-16 surrogate without its pair: not a character, and no database can store it. */
const LONE_SURROGATE = /\p{Cs}/u

/**
 * Whether `value` holds a control character other than tab (C0, DEL or C1), a line or paragraph
 * separator, or half a surrogate pair: no form field produces one, PostgreSQL cannot store NUL
 * or a lone surrogate, and a line break could reach a mail header or a spreadsheet.
 */
export function hasInvalidCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if ((code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f)) return true
    if (code === 0x2028 || code === 0x2029) return true
  }
  return LONE_SURROGATE.test(value)
}

/**
 * A string, normalized (`normalizeText`: NFKC, format characters such as zero-width spaces and
 * bidirectional overrides dropped, trimmed). A missing value or null becomes ''; any other type
 * fails with `message`, an invalid character inside the text with its own message.
 * Every text field of the forms starts here, so that `undefined`, `null`, `42` and `'  '`
 * all reach the rules below as a string.
 */
export function text(message: string) {
  return z.pipe(
    z.pipe(
      z.prefault(z.nullable(z.string({ error: message })), ''),
      z.transform((value: string | null) => normalizeText(value ?? '')),
    ),
    z.string().check(z.refine((value) => !hasInvalidCharacter(value), MESSAGES.invalidCharacters)),
  )
}

/**
 * Any value; a string is normalized, anything else (or a string longer than `max`, which no
 * form sends) becomes ''. For fields that are not validated and not kept.
 */
export function lenientText(max: number) {
  return z.catch(z.pipe(text(''), z.string().check(z.maxLength(max))), '')
}

/** A field the forms do not show: blank or any other type is '', a long value is refused. */
export function boundedText(max: number) {
  return z.pipe(z.catch(text(''), ''), z.string().check(z.maxLength(max, lengthMessage(max))))
}

/**
 * Required: a blank (or missing, or non-string) value fails with `message`, a longer one than
 * `max` with the length message; `more` (e.g. a pattern) runs only on a present, short enough value.
 */
export function requiredText(message: string, max: number, ...more: StringCheck[]) {
  return z.pipe(
    text(message),
    z.string().check(z.minLength(1, message), z.maxLength(max, lengthMessage(max)), ...more),
  )
}

/** Optional: '' is fine; a present value must be at most `max` long and pass `more`. */
export function optionalText(message: string, max: number, ...more: StringCheck[]) {
  return z.pipe(text(message), z.string().check(z.maxLength(max, lengthMessage(max)), ...more))
}

/**
 * A pattern check that fails with `message`. It lets '' pass (a required field says so first)
 * and stays quiet when an earlier check failed, so a field shows one message at a time.
 * (Not `abort: true` on the earlier checks: an aborting issue would also stop the object-level
 * rules that must run for the other fields.)
 */
export function pattern(regex: RegExp, message: string): StringCheck {
  return z.check<string>((payload) => {
    const value = payload.value
    if (payload.issues.length > 0 || value === '' || regex.test(value)) return
    payload.issues.push({ code: 'invalid_format', format: 'regex', message, input: value })
  })
}

/** One of `options`; anything else (blank included) fails with `message`. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  options: T,
  message: string,
) {
  return z.pipe(text(message), z.enum(options, { error: message }))
}

/** A boolean; missing, null or any other value is false. */
export function flag() {
  return z._default(z.catch(z.boolean(), false), false)
}
