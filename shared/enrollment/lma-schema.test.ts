import { describe, expect, it } from 'vitest'
import { lmaSchema } from './lma-schema.js'
import { chars, validLmaRecord } from './test-support/fixtures.js'
import { validateWith } from './test-support/validate.js'

/** An LMA record; field paths are relative to it (`name`, `authEmailAddress`). */
const validateLma = (value: unknown) => validateWith(lmaSchema, value)

function errorsOf(value: unknown) {
  const result = validateLma(value)
  return result.success ? {} : result.errors
}

describe('LMA record', () => {
  it('accepts a complete record, trims strings and drops unknown fields', () => {
    const result = validateLma({ ...validLmaRecord(), name: '  Chicagoland Chevy Dealers ', x: 1 })
    expect(result).toEqual({ success: true, data: validLmaRecord() })
  })

  it('defaults country to USA and nameChanged to false', () => {
    const { country: _c, nameChanged: _n, ...rest } = validLmaRecord()
    const result = validateLma(rest)
    expect(result.success && [result.data.country, result.data.nameChanged]).toEqual(['USA', false])
  })

  it('reports every field error of a blank record in one pass', () => {
    expect(errorsOf({ nameChanged: true })).toEqual({
      name: ['LMA name is required.'],
      contact: ['Contact name is required.'],
      address: ['Address is required.'],
      city: ['City is required.'],
      state: ['State is not valid.'],
      postal: ['Zip code is required.'],
      emailAddress: ['Email is required.'],
      phoneNumber: ['Phone number is required.'],
      agencyName: ['Agency name is required.'],
      authName: ['Full name is required.'],
      authTitle: ['Title is required.'],
      authEmailAddress: ['Email is not valid.'],
      authPhoneNumber: ['Phone number is not valid.'],
      type: ['LMA type is not valid.'],
      previousName: ['Previous LMA name is required.'],
    })
  })

  it.each([
    ['name', 'LMA name is required.'],
    ['contact', 'Contact name is required.'],
    ['agencyName', 'Agency name is required.'],
    ['emailAddress', 'Email is required.'],
    ['phoneNumber', 'Phone number is required.'],
  ])('%s: blank, whitespace-only, null or non-string say "%s"', (field, message) => {
    for (const bad of ['', '  ', null, 12]) {
      expect(errorsOf({ ...validLmaRecord(), [field]: bad })).toEqual({ [field]: [message] })
    }
  })

  it('emailAddress and phoneNumber: malformed values are not valid', () => {
    expect(errorsOf(validLmaRecord({ emailAddress: 'billing.example.com' }))).toEqual({
      emailAddress: ['Email is not valid.'],
    })
    expect(errorsOf(validLmaRecord({ phoneNumber: '312-555-010' }))).toEqual({
      phoneNumber: ['Phone number is not valid.'],
    })
  })

  it.each(['name', 'contact', 'address', 'city', 'agencyName'] as const)(
    '%s: at most 100 characters',
    (field) => {
      expect(validateLma(validLmaRecord({ [field]: chars(100) })).success).toBe(true)
      expect(errorsOf(validLmaRecord({ [field]: chars(101) }))).toEqual({
        [field]: ['Must be <= 100 characters.'],
      })
    },
  )

  it('uses the dealer rules for the authorized representative', () => {
    const errors = errorsOf(
      validLmaRecord({
        authName: chars(51),
        authTitle: ' ',
        authEmailAddress: 'robin@',
        authPhoneNumber: '123-555-0101',
        authFaxNumber: '312.555.0102',
      }),
    )
    expect(errors).toEqual({
      authName: ['Must be <= 50 characters.'],
      authTitle: ['Title is required.'],
      authEmailAddress: ['Email is not valid.'],
      authPhoneNumber: ['Phone number is not valid.'],
      authFaxNumber: ['Phone number is not valid.'],
    })
    expect(validateLma(validLmaRecord({ authFaxNumber: '' })).success).toBe(true)
  })

  it('uses the dealer rules for the address', () => {
    expect(errorsOf(validLmaRecord({ state: 'ZZ', postal: '6060' }))).toEqual({
      state: ['State is not valid.'],
      postal: ['Zip code is not valid.'],
    })
  })

  describe('previous name', () => {
    it('is required when the name changed', () => {
      expect(errorsOf(validLmaRecord({ nameChanged: true, previousName: '  ' }))).toEqual({
        previousName: ['Previous LMA name is required.'],
      })
      const result = validateLma(validLmaRecord({ nameChanged: true, previousName: ' Old ' }))
      expect(result.success && result.data.previousName).toBe('Old')
    })

    it('is optional when the name did not change', () => {
      expect(validateLma(validLmaRecord({ nameChanged: false, previousName: '' })).success).toBe(
        true,
      )
    })

    it('is at most 25 characters, changed or not', () => {
      for (const nameChanged of [true, false]) {
        expect(validateLma(validLmaRecord({ nameChanged, previousName: chars(25) })).success).toBe(
          true,
        )
        expect(errorsOf(validLmaRecord({ nameChanged, previousName: chars(26) }))).toEqual({
          previousName: ['Must be <= 25 characters.'],
        })
      }
    })

    it('a nameChanged that is not true does not require it', () => {
      const record = { ...validLmaRecord(), nameChanged: 'yes', previousName: '' }
      const result = validateLma(record)
      expect(result.success && result.data.nameChanged).toBe(false)
    })
  })

  it.each(['', 'turnkey', 'Other', null])('type %j is not valid', (type) => {
    expect(errorsOf({ ...validLmaRecord(), type })).toEqual({ type: ['LMA type is not valid.'] })
  })

  it.each(['Turnkey', 'Custom'])('type %s is valid', (type) => {
    expect(validateLma({ ...validLmaRecord(), type }).success).toBe(true)
  })

  it.each([undefined, null, 'lma', []])('%j is no LMA record', (value) => {
    expect(errorsOf(value)).toEqual({ '': ['LMA is required.'] })
  })
})
