import { describe, expect, it } from 'vitest'
import { validateEnrollment } from './enrollment-schema.js'
import {
  chars,
  lmaRows,
  validDealerEnrollment,
  validDealerEntry,
  validLmaEnrollment,
  validLmaRecord,
  validLmaRow,
} from './test-support/fixtures.js'
import { MESSAGES } from './validation-messages.js'

function errorsOf(value: unknown, mode: 'new' | 'edit' = 'new') {
  const result = validateEnrollment(value, { mode })
  return result.success ? {} : result.errors
}

describe('dealer enrollment', () => {
  it('accepts a valid enrollment, ignores status and lma, drops unknown fields', () => {
    const result = validateEnrollment(
      {
        ...validDealerEnrollment(),
        status: 'Approved',
        lma: validLmaRecord(),
        created: '2025-01-01T00:00:00Z',
        isAdmin: true,
        dealers: [{ ...validDealerEntry(), extra: 'x' }],
      },
      { mode: 'new' },
    )
    expect(result).toEqual({ success: true, data: validDealerEnrollment() })
  })

  it('passes an optimistic-concurrency version through', () => {
    const result = validateEnrollment({ ...validDealerEnrollment(), version: 3 }, { mode: 'edit' })
    expect(result.success && result.data.version).toBe(3)
    expect(errorsOf({ ...validDealerEnrollment(), version: -1 })).toEqual({
      version: ['Version is not valid.'],
    })
  })

  it('validates its one entry with the full variant, under dealers[0]', () => {
    const dealers = [{ ...validDealerEntry(), postal: '', kitSize: '', billing: 'OpenParts' }]
    expect(errorsOf({ ...validDealerEnrollment(), dealers })).toEqual({
      'dealers[0].postal': ['Zip code is required.'],
      'dealers[0].kitSize': ['Please select a kit size.'],
    })
  })

  it('reports the errors of a blank dealer form at once', () => {
    const errors = errorsOf({ type: 'Dealer', brand: 'chevy', year: 2025, dealers: [{}] })
    expect(Object.keys(errors).sort()).toEqual(
      [
        'bac',
        'name',
        'address',
        'city',
        'state',
        'postal',
        'authName',
        'authTitle',
        'authEmailAddress',
        'authPhoneNumber',
        'billing',
        'kitSize',
        'hispanic',
      ]
        .map((field) => `dealers[0].${field}`)
        .sort(),
    )
  })

  it('limits the BAC to 20 in new mode and 100 in edit mode', () => {
    const withBac = (bac: string) => validDealerEnrollment({ dealers: [validDealerEntry({ bac })] })
    expect(errorsOf(withBac(chars(20)), 'new')).toEqual({})
    expect(errorsOf(withBac(chars(21)), 'new')).toEqual({
      'dealers[0].bac': ['Must be <= 20 characters.'],
    })
    expect(errorsOf(withBac(chars(100)), 'edit')).toEqual({})
    expect(errorsOf(withBac(chars(101)), 'edit')).toEqual({
      'dealers[0].bac': ['Must be <= 100 characters.'],
    })
  })

  it.each([[[]], [[validDealerEntry(), validDealerEntry({ bac: '2' })]], ['x'], [undefined]])(
    'dealers %j is not exactly one entry',
    (dealers) => {
      expect(errorsOf({ ...validDealerEnrollment(), dealers })).toEqual({
        dealers: ['A dealer enrollment holds exactly one dealer.'],
      })
    },
  )

  it('a declining dealer (billing None) needs no kit choices', () => {
    const entry = validDealerEntry({ billing: 'None', kitSize: '', hispanic: '' })
    const result = validateEnrollment(validDealerEnrollment({ dealers: [entry] }), { mode: 'new' })
    expect(result.success && result.data.dealers[0]).toEqual({
      ...entry,
      kitSize: 'None',
      hispanic: 'None',
    })
  })
})

describe('LMA enrollment', () => {
  it('accepts a valid enrollment; every row is billed through the LMA', () => {
    const input = validLmaEnrollment({
      dealers: [validLmaRow('1', { billing: 'None' }), validLmaRow('2', { billing: '' })],
    })
    const result = validateEnrollment(input, { mode: 'new' })
    expect(result.success && result.data.dealers.map((row) => row.billing)).toEqual(['Lma', 'Lma'])
  })

  it.each([null, undefined, 'x'])('lma %j is required', (lma) => {
    expect(errorsOf({ ...validLmaEnrollment(), lma })).toEqual({ lma: ['LMA is required.'] })
  })

  it('puts LMA errors under lma. and row errors under dealers[i]. in one pass', () => {
    const errors = errorsOf({
      ...validLmaEnrollment(),
      brand: ' ',
      lma: validLmaRecord({ name: '', emailAddress: 'nope' }),
      dealers: [validLmaRow('1'), validLmaRow('2', { kitSize: 'None', name: '' })],
    })
    expect(errors).toEqual({
      brand: ['Brand is required.'],
      'lma.name': ['LMA name is required.'],
      'lma.emailAddress': ['Email is not valid.'],
      'dealers[1].name': ['Dealer name is required.'],
      'dealers[1].kitSize': ['Please select a kit size.'],
    })
  })

  it('validates rows with the simple variant: BAC at most 25, even in edit mode', () => {
    const rows = [validLmaRow(chars(25, '1')), validLmaRow(chars(26, '2'))]
    expect(errorsOf(validLmaEnrollment({ dealers: rows }), 'edit')).toEqual({
      'dealers[1].bac': ['Must be <= 25 characters.'],
    })
  })

  describe('row count', () => {
    it('accepts 1 and 300 rows', () => {
      expect(errorsOf(validLmaEnrollment({ dealers: lmaRows(1) }))).toEqual({})
      expect(errorsOf(validLmaEnrollment({ dealers: lmaRows(300) }))).toEqual({})
    })

    it('rejects 301 rows on dealers, without reading them', () => {
      const rows: unknown[] = lmaRows(301)
      rows[5] = 'not a row'
      expect(errorsOf(validLmaEnrollment({ dealers: rows as never }))).toEqual({
        dealers: ['At most 300 dealers can be enrolled at once.'],
      })
    })

    it.each([[[]], [undefined], [{}]])('rejects dealers %j', (dealers) => {
      expect(errorsOf({ ...validLmaEnrollment(), dealers })).toEqual({
        dealers: ['At least one dealer is required.'],
      })
    })
  })

  describe('duplicate BACs', () => {
    it('flags each later row of a BAC, trimmed and case-insensitive', () => {
      const dealers = [
        validLmaRow('ab12'),
        validLmaRow('777'),
        validLmaRow(' AB12 '),
        validLmaRow('Ab12'),
      ]
      expect(errorsOf(validLmaEnrollment({ dealers }))).toEqual({
        'dealers[2].bac': ['This BAC is listed more than once.'],
        'dealers[3].bac': ['This BAC is listed more than once.'],
      })
    })

    it('are reported along with the other row errors', () => {
      const dealers = [validLmaRow('1', { hispanic: '' }), validLmaRow('1')]
      expect(errorsOf(validLmaEnrollment({ dealers }))).toEqual({
        'dealers[0].hispanic': ['Please select a hispanic option.'],
        'dealers[1].bac': ['This BAC is listed more than once.'],
      })
    })

    it('blank BACs are only missing, not duplicates', () => {
      const dealers = [validLmaRow(''), validLmaRow(' ')]
      expect(errorsOf(validLmaEnrollment({ dealers }))).toEqual({
        'dealers[0].bac': ['BAC is required.'],
        'dealers[1].bac': ['BAC is required.'],
      })
    })
  })
})

describe('common fields', () => {
  it.each(['', undefined, 'LMA', 'dealer', 3])('type %j is not valid', (type) => {
    expect(errorsOf({ ...validLmaEnrollment(), type })).toEqual({
      type: ['Enrollment type is not valid.'],
    })
  })

  it.each([null, 'enrollment', [validLmaEnrollment()]])('%j is not an enrollment', (value) => {
    expect(errorsOf(value)).toEqual({ '': ['Enrollment is not valid.'] })
  })

  it.each(['2025', 2025.5, null, 1899, 10000])('year %j is not valid', (year) => {
    expect(errorsOf({ ...validLmaEnrollment(), year })).toEqual({ year: ['Year is not valid.'] })
  })

  it('brand is required, trimmed', () => {
    expect(errorsOf({ ...validLmaEnrollment(), brand: undefined })).toEqual({
      brand: ['Brand is required.'],
    })
    const result = validateEnrollment(validLmaEnrollment({ brand: ' gm ' }), { mode: 'new' })
    expect(result.success && result.data.brand).toBe('gm')
  })

  it('guid is kept when given, blank otherwise', () => {
    const guid = '0b6c3c3e-3f1e-4a57-9f2a-3c1f1f0f6b1a'
    const withGuid = validateEnrollment(validLmaEnrollment({ guid }), { mode: 'edit' })
    expect(withGuid.success && withGuid.data.guid).toBe(guid)
    const { guid: _g, ...rest } = validLmaEnrollment()
    const without = validateEnrollment(rest, { mode: 'new' })
    expect(without.success && without.data.guid).toBe('')
  })

  describe('regionId', () => {
    it.each([null, undefined, ''])('%j is fine in new mode and becomes null', (regionId) => {
      const result = validateEnrollment({ ...validLmaEnrollment(), regionId }, { mode: 'new' })
      expect(result.success && result.data.regionId).toBe(null)
    })

    it.each([null, undefined, ''])('%j is missing in edit mode', (regionId) => {
      expect(errorsOf({ ...validLmaEnrollment(), regionId }, 'edit')).toEqual({
        regionId: ['Region is required.'],
      })
    })

    it('accepts a positive integer, or its digits from a select', () => {
      for (const [regionId, expected] of [
        [7, 7],
        ['7', 7],
        [2147483647, 2147483647],
      ] as const) {
        const result = validateEnrollment({ ...validLmaEnrollment(), regionId }, { mode: 'edit' })
        expect(result.success && result.data.regionId).toBe(expected)
      }
    })

    it.each([0, -1, 1.5, 'x', '1e3', 2147483648, true, {}])('%j is not valid', (regionId) => {
      for (const mode of ['new', 'edit'] as const) {
        expect(errorsOf({ ...validLmaEnrollment(), regionId }, mode)).toEqual({
          regionId: ['Region is not valid.'],
        })
      }
    })
  })

  it('a public LMA submission needs no region; the same enrollment to authorize needs one', () => {
    const submitted = { ...validLmaEnrollment(), regionId: null }
    expect(validateEnrollment(submitted, { mode: 'new' }).success).toBe(true)
    // The authorization view checks in edit mode, as the authorize call does.
    expect(errorsOf({ ...submitted, status: 'Authorizing', version: 1 }, 'edit')).toEqual({
      regionId: [MESSAGES.regionRequired],
    })
  })

  it('a blank LMA enrollment in edit mode reports every problem at once', () => {
    const errors = errorsOf({ type: 'Lma', lma: {}, dealers: [{}] }, 'edit')
    expect(errors).toMatchObject({
      brand: ['Brand is required.'],
      year: ['Year is not valid.'],
      regionId: ['Region is required.'],
      'lma.name': ['LMA name is required.'],
      'lma.type': ['LMA type is not valid.'],
      'dealers[0].bac': ['BAC is required.'],
      'dealers[0].hispanic': ['Please select a hispanic option.'],
    })
    expect(Object.keys(errors)).toHaveLength(3 + 14 + 4)
  })
})
