import { describe, expect, it } from 'vitest'
import {
  emptyDealerEntry,
  emptyLmaDealerRow,
  emptyLmaRecord,
  newEnrollment,
} from './empty-enrollment.js'
import { validateEnrollment } from './enrollment-schema.js'

describe('emptyDealerEntry', () => {
  it('is blank, in the USA, not simple', () => {
    expect(emptyDealerEntry()).toEqual({
      bac: '',
      name: '',
      address: '',
      city: '',
      state: '',
      postal: '',
      country: 'USA',
      authName: '',
      authTitle: '',
      authEmailAddress: '',
      authPhoneNumber: '',
      authFaxNumber: '',
      kitSize: '',
      hispanic: '',
      billing: '',
      simple: false,
    })
  })

  it('applies overrides and answers a fresh object each time', () => {
    expect(emptyDealerEntry({ bac: '1', simple: true })).toMatchObject({ bac: '1', simple: true })
    expect(emptyDealerEntry()).not.toBe(emptyDealerEntry())
  })

  it('an LMA row is simple and billed through the LMA', () => {
    expect(emptyLmaDealerRow()).toEqual(emptyDealerEntry({ simple: true, billing: 'Lma' }))
  })
})

describe('emptyLmaRecord', () => {
  it('is blank, in the USA, name not changed, no type', () => {
    const record = emptyLmaRecord()
    expect(record.country).toBe('USA')
    expect(record.nameChanged).toBe(false)
    expect(record.type).toBe('')
    const texts = Object.entries(record).filter(
      ([key]) => !['country', 'nameChanged'].includes(key),
    )
    expect(texts.every(([, value]) => value === '')).toBe(true)
    expect(Object.keys(record)).toHaveLength(18)
  })
})

describe('newEnrollment', () => {
  it('a dealer enrollment holds one blank full entry and no LMA', () => {
    expect(newEnrollment({ type: 'Dealer', brand: 'gm', year: 2025 })).toEqual({
      status: '',
      type: 'Dealer',
      brand: 'gm',
      year: 2025,
      guid: '',
      regionId: null,
      lma: null,
      dealers: [emptyDealerEntry()],
    })
  })

  it('an LMA enrollment holds a blank LMA record and one blank simple row', () => {
    expect(newEnrollment({ type: 'Lma', brand: 'chevy', year: 2026 })).toEqual({
      status: '',
      type: 'Lma',
      brand: 'chevy',
      year: 2026,
      guid: '',
      regionId: null,
      lma: emptyLmaRecord(),
      dealers: [emptyDealerEntry({ simple: true, billing: 'Lma' })],
    })
  })

  it('a blank form is not valid yet, and says why field by field', () => {
    const result = validateEnrollment(newEnrollment({ type: 'Lma', brand: 'chevy', year: 2025 }), {
      mode: 'new',
    })
    expect(result.success).toBe(false)
    expect(!result.success && result.errors['dealers[0].bac']).toEqual(['BAC is required.'])
    expect(!result.success && result.errors['lma.name']).toEqual(['LMA name is required.'])
  })
})
