import { describe, expect, it } from 'vitest'
import {
  bacMaxLength,
  type DealerEntrySchemaOptions,
  dealerEntrySchema,
} from './dealer-entry-schema.js'
import { chars, validDealerEntry } from './test-support/fixtures.js'
import { validateWith } from './test-support/validate.js'

/** One dealer entry; field paths are relative to the entry (`bac`, `kitSize`). */
const validateDealerEntry = (value: unknown, options: DealerEntrySchemaOptions) =>
  validateWith(dealerEntrySchema(options), value)

const full: DealerEntrySchemaOptions = { variant: 'full', mode: 'new', form: 'dealer' }
const simple: DealerEntrySchemaOptions = { variant: 'simple', mode: 'new', form: 'lma' }

function errorsOf(value: unknown, options = full) {
  const result = validateDealerEntry(value, options)
  return result.success ? {} : result.errors
}

describe('dealer entry, full variant', () => {
  it('accepts a complete entry, trims strings, upper-cases the state and drops unknown fields', () => {
    const result = validateDealerEntry(
      {
        ...validDealerEntry(),
        bac: '  123456 ',
        name: ' Main Street Chevrolet ',
        state: 'il',
        postal: ' 62701 ',
        country: '',
        isAdmin: true,
      },
      full,
    )
    expect(result).toEqual({
      success: true,
      data: { ...validDealerEntry(), bac: '123456', state: 'IL', country: 'USA' },
    })
  })

  it('reports every field error of a blank entry in one pass, kit choices included', () => {
    expect(errorsOf({})).toEqual({
      bac: ['BAC is required.'],
      name: ['Dealer name is required.'],
      address: ['Address is required.'],
      city: ['City is required.'],
      state: ['State is not valid.'],
      postal: ['Zip code is required.'],
      authName: ['Full name is required.'],
      authTitle: ['Title is required.'],
      authEmailAddress: ['Email is not valid.'],
      authPhoneNumber: ['Phone number is not valid.'],
      billing: ['Please select a billing preference.'],
      kitSize: ['Please select a kit size.'],
      hispanic: ['Please select a hispanic option.'],
    })
  })

  it('keeps the kit choice errors when other fields fail too', () => {
    const errors = errorsOf(validDealerEntry({ bac: '', kitSize: '', hispanic: 'None' }))
    expect(errors).toEqual({
      bac: ['BAC is required.'],
      kitSize: ['Please select a kit size.'],
      hispanic: ['Please select a hispanic option.'],
    })
  })

  it.each([
    ['bac', 'BAC is required.'],
    ['name', 'Dealer name is required.'],
    ['address', 'Address is required.'],
    ['city', 'City is required.'],
    ['state', 'State is not valid.'],
    ['postal', 'Zip code is required.'],
    ['authName', 'Full name is required.'],
    ['authTitle', 'Title is required.'],
    ['authEmailAddress', 'Email is not valid.'],
    ['authPhoneNumber', 'Phone number is not valid.'],
    ['billing', 'Please select a billing preference.'],
  ])('%s: missing, null, non-string, empty and whitespace-only all say "%s"', (field, message) => {
    for (const bad of [undefined, null, 42, {}, '', '   \t ']) {
      const entry: Record<string, unknown> = { ...validDealerEntry(), [field]: bad }
      if (bad === undefined) delete entry[field]
      expect(errorsOf(entry)).toEqual({ [field]: [message] })
    }
  })

  describe('BAC length', () => {
    it.each([
      ['new', 'dealer', 20],
      ['edit', 'dealer', 100],
      ['new', 'lma', 25],
      ['edit', 'lma', 25],
    ] as const)('%s mode on the %s form: at most %i', (mode, form, max) => {
      const options: DealerEntrySchemaOptions = { variant: 'full', mode, form }
      expect(bacMaxLength({ mode, form })).toBe(max)
      expect(validateDealerEntry(validDealerEntry({ bac: chars(max) }), options).success).toBe(true)
      expect(errorsOf(validDealerEntry({ bac: chars(max + 1) }), options)).toEqual({
        bac: [`Must be <= ${max} characters.`],
      })
    })

    it('measures the trimmed value', () => {
      expect(validateDealerEntry(validDealerEntry({ bac: ` ${chars(20)} ` }), full).success).toBe(
        true,
      )
    })
  })

  it.each([
    ['name', 100],
    ['address', 100],
    ['city', 100],
    ['authName', 50],
    ['authTitle', 50],
  ] as const)('%s: at most %i characters', (field, max) => {
    expect(validateDealerEntry(validDealerEntry({ [field]: chars(max) }), full).success).toBe(true)
    expect(errorsOf(validDealerEntry({ [field]: chars(max + 1) }))).toEqual({
      [field]: [`Must be <= ${max} characters.`],
    })
  })

  it('authEmailAddress: valid email, at most 100 characters', () => {
    const at100 = `${chars(88)}@example.com`
    expect(at100).toHaveLength(100)
    expect(validateDealerEntry(validDealerEntry({ authEmailAddress: at100 }), full).success).toBe(
      true,
    )
    expect(errorsOf(validDealerEntry({ authEmailAddress: `x${at100}` }))).toEqual({
      authEmailAddress: ['Must be <= 100 characters.'],
    })
    for (const bad of ['pat', 'pat@', 'pat@example', '@example.com', 'pat@@example.com']) {
      expect(errorsOf(validDealerEntry({ authEmailAddress: bad }))).toEqual({
        authEmailAddress: ['Email is not valid.'],
      })
    }
  })

  describe('state', () => {
    it('accepts the 50 states and DC, in any case', () => {
      for (const state of ['AL', 'WY', 'DC', 'ca', ' ny ']) {
        expect(validateDealerEntry(validDealerEntry({ state }), full).success).toBe(true)
      }
    })

    it.each(['XX', 'PR', 'Illinois', 'I'])('rejects %s', (state) => {
      expect(errorsOf(validDealerEntry({ state }))).toEqual({ state: ['State is not valid.'] })
    })
  })

  describe('postal', () => {
    it('accepts exactly five digits', () => {
      expect(validateDealerEntry(validDealerEntry({ postal: '02134' }), full).success).toBe(true)
    })

    it.each(['1234', '123456', '1234a', '12345-6789', '12 34'])('rejects %s', (postal) => {
      expect(errorsOf(validDealerEntry({ postal }))).toEqual({ postal: ['Zip code is not valid.'] })
    })

    it('says only the length when longer than 10', () => {
      expect(errorsOf(validDealerEntry({ postal: '12345678901' }))).toEqual({
        postal: ['Must be <= 10 characters.'],
      })
    })
  })

  describe('phone and fax', () => {
    it.each(['212-555-1234', '999-000-0000'])('accepts %s', (phone) => {
      const entry = validDealerEntry({ authPhoneNumber: phone, authFaxNumber: phone })
      expect(validateDealerEntry(entry, full).success).toBe(true)
    })

    it.each([
      '112-555-1234',
      '012-555-1234',
      '2125551234',
      '212-555-123',
      '(212) 555-1234',
      '212-555-12345',
    ])('rejects %s', (phone) => {
      const entry = validDealerEntry({ authPhoneNumber: phone, authFaxNumber: phone })
      expect(errorsOf(entry)).toEqual({
        authPhoneNumber: ['Phone number is not valid.'],
        authFaxNumber: ['Phone number is not valid.'],
      })
    })

    it('says only the length when longer than 15', () => {
      const entry = validDealerEntry({ authPhoneNumber: chars(16, '2'), authFaxNumber: chars(16) })
      expect(errorsOf(entry)).toEqual({
        authPhoneNumber: ['Must be <= 15 characters.'],
        authFaxNumber: ['Must be <= 15 characters.'],
      })
    })

    it('fax is optional: missing, null, empty and blank are fine and become ""', () => {
      for (const fax of [undefined, null, '', '   ']) {
        const entry: Record<string, unknown> = { ...validDealerEntry(), authFaxNumber: fax }
        if (fax === undefined) delete entry.authFaxNumber
        const result = validateDealerEntry(entry, full)
        expect(result.success && result.data.authFaxNumber).toBe('')
      }
    })

    it('a fax that is not a string is not valid', () => {
      expect(errorsOf({ ...validDealerEntry(), authFaxNumber: 2125551234 })).toEqual({
        authFaxNumber: ['Phone number is not valid.'],
      })
    })
  })

  describe('billing and kit choices', () => {
    it.each(['ImrFunds', 'OpenParts'] as const)(
      '%s requires Small/Large and Yes/No/Only',
      (billing) => {
        for (const kitSize of ['', 'None', 'Medium'] as never[]) {
          expect(errorsOf(validDealerEntry({ billing, kitSize }))).toEqual({
            kitSize: ['Please select a kit size.'],
          })
        }
        for (const hispanic of ['', 'None', 'Maybe'] as never[]) {
          expect(errorsOf(validDealerEntry({ billing, hispanic }))).toEqual({
            hispanic: ['Please select a hispanic option.'],
          })
        }
        for (const kitSize of ['Small', 'Large'] as const) {
          for (const hispanic of ['Yes', 'No', 'Only'] as const) {
            const result = validateDealerEntry(
              validDealerEntry({ billing, kitSize, hispanic }),
              full,
            )
            expect(result.success).toBe(true)
          }
        }
      },
    )

    it('billing None makes kit size and hispanic optional; blanks become None', () => {
      const result = validateDealerEntry(
        validDealerEntry({ billing: 'None', kitSize: '', hispanic: '' }),
        full,
      )
      expect(result.success && [result.data.kitSize, result.data.hispanic]).toEqual([
        'None',
        'None',
      ])
    })

    it('billing None keeps a kit size or hispanic option that was given', () => {
      const entry = validDealerEntry({ billing: 'None', kitSize: 'Small', hispanic: 'None' })
      const result = validateDealerEntry(entry, full)
      expect(result.success && [result.data.kitSize, result.data.hispanic]).toEqual([
        'Small',
        'None',
      ])
    })

    it('billing None with the kit fields missing is fine', () => {
      const { kitSize: _k, hispanic: _h, ...rest } = validDealerEntry({ billing: 'None' })
      expect(validateDealerEntry(rest, full).success).toBe(true)
    })

    it.each(['Lma', 'none', 'Imr'])('billing %s is not a choice of the dealer form', (billing) => {
      expect(errorsOf(validDealerEntry({ billing: billing as never }))).toEqual({
        billing: ['Please select a billing preference.'],
      })
    })

    it('an invalid billing still requires the kit choices', () => {
      expect(errorsOf(validDealerEntry({ billing: '', kitSize: '', hispanic: '' }))).toEqual({
        billing: ['Please select a billing preference.'],
        kitSize: ['Please select a kit size.'],
        hispanic: ['Please select a hispanic option.'],
      })
    })
  })

  it.each([null, 'entry', 42, []])('%j is not a dealer entry', (value) => {
    expect(errorsOf(value)).toEqual({ '': ['Dealer information is not valid.'] })
  })
})

describe('dealer entry, simple variant', () => {
  it('checks only BAC, name, kit size and hispanic option', () => {
    expect(errorsOf({}, simple)).toEqual({
      bac: ['BAC is required.'],
      name: ['Dealer name is required.'],
      kitSize: ['Please select a kit size.'],
      hispanic: ['Please select a hispanic option.'],
    })
  })

  it('passes the other fields through as trimmed strings', () => {
    const result = validateDealerEntry(
      {
        bac: ' 42 ',
        name: 'A',
        kitSize: 'Small',
        hispanic: 'Only',
        city: ' X ',
        state: 7,
        extra: 1,
      },
      simple,
    )
    expect(result).toEqual({
      success: true,
      data: {
        bac: '42',
        name: 'A',
        kitSize: 'Small',
        hispanic: 'Only',
        address: '',
        city: 'X',
        state: '',
        postal: '',
        country: 'USA',
        authName: '',
        authTitle: '',
        authEmailAddress: '',
        authPhoneNumber: '',
        authFaxNumber: '',
        billing: '',
      },
    })
  })

  it('BAC at most 25 whatever the mode; name at most 100', () => {
    for (const mode of ['new', 'edit'] as const) {
      const options: DealerEntrySchemaOptions = { variant: 'simple', mode, form: 'dealer' }
      const row = { bac: chars(25), name: chars(100), kitSize: 'Large', hispanic: 'No' }
      expect(validateDealerEntry(row, options).success).toBe(true)
      expect(errorsOf({ ...row, bac: chars(26), name: chars(101) }, options)).toEqual({
        bac: ['Must be <= 25 characters.'],
        name: ['Must be <= 100 characters.'],
      })
    }
  })

  it('kit size None and hispanic None are not choices of a row, whatever the billing', () => {
    const row = { bac: '1', name: 'A', kitSize: 'None', hispanic: 'None', billing: 'None' }
    expect(errorsOf(row, simple)).toEqual({
      kitSize: ['Please select a kit size.'],
      hispanic: ['Please select a hispanic option.'],
    })
  })

  it('whitespace-only BAC and name are missing', () => {
    expect(errorsOf({ bac: '  ', name: '\n', kitSize: 'Small', hispanic: 'No' }, simple)).toEqual({
      bac: ['BAC is required.'],
      name: ['Dealer name is required.'],
    })
  })
})
