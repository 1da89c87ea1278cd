import { describe, expect, it } from 'vitest'
import type { ClientEnrollmentStatus, EnrollmentStatus } from '../domain/enrollment-choices.js'
import {
  canAuthorize,
  initialStatus,
  isReadOnly,
  refusalReason,
  type StatusSubject,
} from './status-rules.js'

const STATUSES: EnrollmentStatus[] = ['Approved', 'Approving', 'Authorizing', 'Declined']

const lma = (
  status: ClientEnrollmentStatus,
  extra: Partial<StatusSubject> = {},
): StatusSubject => ({
  type: 'Lma',
  status,
  dealers: [{ billing: 'Lma' }],
  ...extra,
})
const dealer = (
  status: ClientEnrollmentStatus,
  billing: StatusSubject['dealers'][number]['billing'] = 'ImrFunds',
  extra: Partial<StatusSubject> = {},
): StatusSubject => ({ type: 'Dealer', status, dealers: [{ billing }], ...extra })

/** Whether the shared rules allow `action` for `subject`: no reason to refuse it. */
const allowed = (action: Parameters<typeof refusalReason>[0], subject: StatusSubject) =>
  refusalReason(action, subject) === null

describe('approve', () => {
  it.each(['Approving', 'Authorizing', 'Declined'] as const)('allowed from %s', (status) => {
    expect(allowed('approve', lma(status))).toBe(true)
    expect(allowed('approve', dealer(status, 'OpenParts'))).toBe(true)
  })

  it('refused when already approved', () => {
    expect(allowed('approve', lma('Approved'))).toBe(false)
    expect(refusalReason('approve', dealer('Approved'))).toBe(
      'This enrollment is already approved.',
    )
  })

  it('refused for a dealer who declined billing, allowed for an LMA whatever its rows', () => {
    expect(refusalReason('approve', dealer('Declined', 'None'))).toBe(
      'A dealer who declined billing cannot be approved.',
    )
    expect(allowed('approve', lma('Approving', { dealers: [{ billing: 'None' }] }))).toBe(true)
  })
})

describe('re-authorize', () => {
  it.each(STATUSES)('allowed for an LMA from %s', (status) => {
    expect(allowed('reauthorize', lma(status))).toBe(true)
  })

  it.each(STATUSES)('refused for a dealer (%s)', (status) => {
    expect(allowed('reauthorize', dealer(status))).toBe(false)
    expect(refusalReason('reauthorize', dealer(status))).toBe(
      'Only LMA enrollments can be re-authorized.',
    )
  })
})

describe('decline', () => {
  it.each(['Approved', 'Approving', 'Authorizing'] as const)('allowed from %s', (status) => {
    expect(allowed('decline', lma(status))).toBe(true)
    expect(allowed('decline', dealer(status, 'None'))).toBe(true)
  })

  it('refused when already declined', () => {
    expect(allowed('decline', dealer('Declined'))).toBe(false)
    expect(refusalReason('decline', lma('Declined'))).toBe('This enrollment is already declined.')
  })
})

describe('delete', () => {
  it.each(STATUSES)('allowed from %s', (status) => {
    expect(allowed('delete', lma(status))).toBe(true)
    expect(allowed('delete', dealer(status, 'None'))).toBe(true)
  })
})

describe('every action', () => {
  const actions = ['approve', 'reauthorize', 'decline', 'delete'] as const

  it.each(actions)('%s is refused while the form has unsaved changes', (action) => {
    expect(refusalReason(action, lma('Approving', { dirty: true }))).toBe(
      'Save or discard your changes first.',
    )
    expect(refusalReason(action, lma('Approving', { dirty: false }))).toBe(null)
  })

  it.each(actions)('%s is refused outside the current enrollment year', (action) => {
    expect(refusalReason(action, lma('Approving', { year: 2024, currentYear: 2025 }))).toBe(
      'Only enrollments of the current enrollment year can be changed.',
    )
    expect(refusalReason(action, lma('Approving', { year: 2025, currentYear: 2025 }))).toBe(null)
  })

  it.each(actions)('%s is refused for an unsaved or deleted enrollment', (action) => {
    expect(refusalReason(action, lma(''))).toBe('This enrollment has not been submitted yet.')
    expect(refusalReason(action, lma('Deleted'))).toBe('This enrollment has been deleted.')
  })
})

describe('initialStatus', () => {
  it('Declined for a dealer with billing None, Approving for other dealers', () => {
    expect(initialStatus({ type: 'Dealer', dealers: [{ billing: 'None' }] })).toBe('Declined')
    expect(initialStatus({ type: 'Dealer', dealers: [{ billing: 'ImrFunds' }] })).toBe('Approving')
    expect(initialStatus({ type: 'Dealer', dealers: [{ billing: 'OpenParts' }] })).toBe('Approving')
  })

  it('Authorizing for an LMA', () => {
    expect(initialStatus({ type: 'Lma', dealers: [{ billing: 'Lma' }] })).toBe('Authorizing')
  })
})

describe('canAuthorize', () => {
  it.each([
    ['Authorizing', true],
    ['Approving', true],
    ['Approved', false],
    ['Declined', false],
    ['', false],
    ['Deleted', false],
  ] as const)('%s: %s', (status, expected) => {
    expect(canAuthorize(status)).toBe(expected)
  })
})

describe('isReadOnly', () => {
  it('is read-only for another year, in either mode and any status', () => {
    for (const mode of ['new', 'edit'] as const) {
      for (const status of ['', ...STATUSES] as const) {
        expect(isReadOnly({ mode, status, year: 2024, currentYear: 2025 })).toBe(true)
      }
    }
  })

  it.each([
    ['new', '', false],
    ['new', 'Authorizing', false],
    ['new', 'Approving', false],
    ['new', 'Approved', true],
    ['new', 'Declined', true],
    ['edit', 'Approved', false],
    ['edit', 'Declined', false],
    ['edit', 'Authorizing', false],
  ] as const)('current year, %s mode, status %j: %s', (mode, status, expected) => {
    expect(isReadOnly({ mode, status, year: 2025, currentYear: 2025 })).toBe(expected)
  })
})
