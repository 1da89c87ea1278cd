import { describe, expect, it } from 'vitest'
import {
  FORM_ERROR_KEY,
  formatPath,
  issuesToFieldErrors,
  problemToFieldErrors,
} from './field-errors.js'

describe('formatPath', () => {
  it.each([
    [[], ''],
    [['regionId'], 'regionId'],
    [['lma', 'name'], 'lma.name'],
    [['dealers', 0, 'bac'], 'dealers[0].bac'],
    [['dealers', 12], 'dealers[12]'],
    [[3, 'bac'], '[3].bac'],
  ])('%j → %j', (path, expected) => {
    expect(formatPath(path)).toBe(expected)
  })
})

describe('issuesToFieldErrors', () => {
  it('groups messages by path, in order, without repeats', () => {
    const errors = issuesToFieldErrors([
      { path: ['dealers', 0, 'bac'], message: 'BAC is required.' },
      { path: ['lma', 'name'], message: 'LMA name is required.' },
      { path: ['dealers', 0, 'bac'], message: 'Must be <= 25 characters.' },
      { path: ['dealers', 0, 'bac'], message: 'BAC is required.' },
      { path: [], message: 'Enrollment is not valid.' },
    ])
    expect(errors).toEqual({
      'dealers[0].bac': ['BAC is required.', 'Must be <= 25 characters.'],
      'lma.name': ['LMA name is required.'],
      '': ['Enrollment is not valid.'],
    })
  })

  it('answers {} for no issues', () => {
    expect(issuesToFieldErrors([])).toEqual({})
  })
})

describe('problemToFieldErrors', () => {
  it('keeps the first message of each list and lower-cases each path segment', () => {
    const body = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The enrollment is not valid.',
      errors: {
        'Lma.Name': ['LMA name is required.', 'Must be <= 100 characters.'],
        'Dealers[0].Bac': ['BAC is required.'],
        'Dealers[12].KitSize': 'Please select a kit size.',
        regionId: ['Region is required.'],
        RegionId: [],
        'lma.authEmailAddress': [42, 'Email is not valid.'],
      },
    }
    expect(problemToFieldErrors(body)).toEqual({
      'lma.name': 'LMA name is required.',
      'dealers[0].bac': 'BAC is required.',
      'dealers[12].kitSize': 'Please select a kit size.',
      regionId: 'Region is required.',
      'lma.authEmailAddress': 'Email is not valid.',
    })
  })

  it('turns a plain string body into one form-level message under the key ""', () => {
    expect(FORM_ERROR_KEY).toBe('')
    expect(problemToFieldErrors('This BAC is already enrolled.')).toEqual({
      '': 'This BAC is already enrolled.',
    })
    expect(problemToFieldErrors('   ')).toEqual({})
  })

  it.each([
    null,
    undefined,
    42,
    [],
    { title: 'Bad Request', status: 400, detail: 'Nope' },
    { errors: null },
    { errors: ['BAC is required.'] },
    { errors: 'BAC is required.' },
  ])('answers {} for %j', (body) => {
    expect(problemToFieldErrors(body)).toEqual({})
  })
})
