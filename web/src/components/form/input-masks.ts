/** Zip code input: digits only, at most 5. */
export function maskZip(input: string): string {
  return input.replace(/\D/g, '').slice(0, 5)
}

/**
 * The ten digits of a US phone number in `input`. A leading country code (`+1`, or a 1 ahead
 * of ten more digits) is dropped: no area code starts with 1, so it never belongs to the number.
 * `dropped` counts the leading digits that were not kept.
 */
function phoneDigits(input: string): { digits: string; dropped: number } {
  const all = input.replace(/\D/g, '')
  const countryCode = /^\s*\+\s*1/.test(input) || (all.length === 11 && all.startsWith('1'))
  const dropped = countryCode ? 1 : 0
  return { digits: all.slice(dropped, dropped + 10), dropped }
}

/** Phone input: 10 digits shown as 555-555-1234. */
export function maskPhone(input: string): string {
  const { digits } = phoneDigits(input)
  if (digits.length <= 3) return digits
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`
}

export type InputMask = 'zip' | 'phone'

export const MASKS: Record<InputMask, (input: string) => string> = {
  zip: maskZip,
  phone: maskPhone,
}

/** A masked input's value after an edit, and where its caret belongs. */
export interface MaskedEdit {
  value: string
  caret: number
}

const countDigits = (text: string) => text.replace(/\D/g, '').length

/** The position just after the `count`-th digit of `value` (0 before any). */
function afterDigits(value: string, count: number): number {
  if (count <= 0) return 0
  let seen = 0
  for (let index = 0; index < value.length; index++) {
    if (/\d/.test(value.charAt(index)) && ++seen === count) return index + 1
  }
  return value.length
}

/**
 * Masks what the input holds after the browser applied an edit, keeping the caret after the
 * same digit it followed: the caret is placed by counting digits, which the mask never moves.
 */
export function maskEdit(mask: InputMask, input: string, caret: number): MaskedEdit {
  const value = MASKS[mask](input)
  const dropped = mask === 'phone' ? phoneDigits(input).dropped : 0
  return { value, caret: afterDigits(value, countDigits(input.slice(0, caret)) - dropped) }
}

/**
 * Backspace just after (or Delete just before) a separator the mask adds: removing only the
 * separator would change nothing, since the mask adds it back, so the digit beyond it goes.
 * Null when the key should do what it always does.
 */
export function maskSeparatorDelete(
  mask: InputMask,
  value: string,
  caret: number,
  key: 'Backspace' | 'Delete',
): MaskedEdit | null {
  const separator = key === 'Backspace' ? caret - 1 : caret
  const char = value.charAt(separator)
  if (char === '' || /\d/.test(char)) return null
  const digitsBefore = countDigits(value.slice(0, separator))
  const digits = value.replace(/\D/g, '')
  const removeAt = key === 'Backspace' ? digitsBefore - 1 : digitsBefore
  if (removeAt < 0 || removeAt >= digits.length) return null
  const next = MASKS[mask](digits.slice(0, removeAt) + digits.slice(removeAt + 1))
  return { value: next, caret: afterDigits(next, removeAt) }
}

/** Puts an edit into the input at once, caret included, so a re-render changes nothing more. */
export function showMaskedEdit(input: HTMLInputElement, edit: MaskedEdit): string {
  if (input.value !== edit.value) input.value = edit.value
  if (document.activeElement === input) input.setSelectionRange(edit.caret, edit.caret)
  return edit.value
}
