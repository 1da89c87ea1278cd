import { describe, expect, it } from 'vitest'
import { validateEnrollment } from './enrollment-schema.js'
import { validDealerEnrollment, validLmaEnrollment } from './test-support/fixtures.js'
import { hasInvalidCharacter } from './text-fields.js'
import { MESSAGES } from './validation-messages.js'

function withDealerName(name: string) {
  const enrollment = validDealerEnrollment()
  const [dealer] = enrollment.dealers
  if (dealer) dealer.name = name
  return enrollment
}

describe('text fields refuse control characters and broken Unicode (PostgreSQL cannot store them)', () => {
  it.each([
    ['NUL', 'River\u0000side'],
    ['a line break', 'River\nside'],
    ['a carriage return', 'River\r\nside'],
    ['escape', 'River\u001bside'],
    ['DEL', 'River\u007fside'],
    ['a lone surrogate', 'River\ud800side'],
    ['a C1 control (NEL)', 'River\u0085side'],
    ['a C1 control (CSI)', 'River\u009bside'],
    ['a line separator', 'River\u2028side'],
    ['a paragraph separator', 'River\u2029side'],
  ])('a dealer name with %s is a field error', (_label, name) => {
    const result = validateEnrollment(withDealerName(name), { mode: 'new' })
    expect(result.success).toBe(false)
    expect(result.success || result.errors['dealers[0].name']).toEqual([MESSAGES.invalidCharacters])
  })

  it('trims surrounding whitespace first and keeps tabs, accents and emoji', () => {
    for (const name of ['  Riverside\n', 'Río\tGrande', 'Ünïcödé 🚗 Dealers']) {
      expect(validateEnrollment(withDealerName(name), { mode: 'new' }).success).toBe(true)
    }
  })

  it('an unchecked field with a control character is dropped to blank, not stored', () => {
    const enrollment = validLmaEnrollment()
    const row = { ...enrollment.dealers[0], address: 'a\u0000b' }
    const result = validateEnrollment({ ...enrollment, dealers: [row] }, { mode: 'new' })
    expect(result.success && result.data.dealers[0]?.address).toBe('')
  })

  it('hasInvalidCharacter', () => {
    expect(hasInvalidCharacter('plain text')).toBe(false)
    expect(hasInvalidCharacter('tab\there')).toBe(false)
    expect(hasInvalidCharacter('\u0000')).toBe(true)
    expect(hasInvalidCharacter('\u0085')).toBe(true)
    expect(hasInvalidCharacter('\u2028')).toBe(true)
    expect(hasInvalidCharacter('Zoë')).toBe(false)
    expect(hasInvalidCharacter('🚗')).toBe(false)
    expect(hasInvalidCharacter('\udc00🚗')).toBe(true)
  })

  it.each([
    ['a right-to-left override', 'Riverside\u202Etxt.exe'],
    ['a left-to-right isolate', 'River\u2066side\u2069'],
    ['a zero-width space', 'River\u200Bside'],
    ['a soft hyphen', 'River\u00ADside'],
  ])('a dealer name with %s is kept without it', (_label, name) => {
    const result = validateEnrollment(withDealerName(name), { mode: 'new' })
    expect(result.success).toBe(true)
    expect(result.success && result.data.dealers[0]?.name).toBe(
      name.replace(/[\u202E\u2066\u2069\u200B\u00AD]/g, ''),
    )
  })

  it.each([
    ['a Khmer inherent vowel', 'River\u17B4side\u17B5', 'Riverside'],
    ['a combining grapheme joiner', 'River\u034Fside', 'Riverside'],
    ['a variation selector', 'River\uFE0Fside', 'Riverside'],
    ['an accent kept apart from its letter by an invisible character', 'Rie\u200B\u0301', 'Rié'],
    ['a Hangul filler in place of a space', 'River\u3164side', 'River side'],
    [
      'Hangul fillers and Braille blanks around it',
      '\u115F\u2800Riverside\uFFA0\u1160',
      'Riverside',
    ],
    ['no-break and ideographic spaces', 'River\u00A0side\u3000Park', 'River side Park'],
  ])('a dealer name with %s is kept as it shows', (_label, name, stored) => {
    const result = validateEnrollment(withDealerName(name), { mode: 'new' })
    expect(result.success && result.data.dealers[0]?.name).toBe(stored)
  })

  it('a name of blanks and invisible characters only is blank: the name is required', () => {
    const result = validateEnrollment(withDealerName('\u3164\u2800\u17B4\u115F'), { mode: 'new' })
    expect(result.success).toBe(false)
    expect(result.success || result.errors['dealers[0].name']).toEqual([
      MESSAGES.dealerNameRequired,
    ])
  })

  it('full-width letters and digits are stored as their ASCII forms', () => {
    const result = validateEnrollment(withDealerName('Ｒｉｖｅｒｓｉｄｅ １'), { mode: 'new' })
    expect(result.success && result.data.dealers[0]?.name).toBe('Riverside 1')
  })
})
