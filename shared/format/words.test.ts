import { describe, expect, it } from 'vitest'
import { ENROLLMENT_STATUSES } from '../domain/enrollment-choices.js'
import { MAIL_KINDS } from '../domain/mail-kinds.js'
import { MAIL_KIND_WORDS, mailKindWords } from './mail-words.js'
import { paymentStateWords, STATUS_MEANINGS, statusPageWords, statusWords } from './status-words.js'

describe('how a status is shown (docs/product.md#statuses)', () => {
  it('uses the spec’s words, Deleted included', () => {
    expect(ENROLLMENT_STATUSES.map(statusWords)).toEqual([
      'Approved',
      'Approving',
      'Authorizing',
      'Declined',
    ])
    expect(statusWords('Deleted')).toBe('Deleted')
    expect(statusWords('Archived')).toBe('Archived')
  })

  it('says what each status means, as the legend does', () => {
    expect(STATUS_MEANINGS.Authorizing).toBe('awaiting review by the authorized rep')
  })
})

describe('how the status page says where an enrollment stands (docs/product.md#status-page)', () => {
  it('names whom it waits for, in the statuses’ own words', () => {
    expect(ENROLLMENT_STATUSES.map((status) => statusPageWords(status, 'Riley Rep'))).toEqual([
      'Approved',
      'Approving: with the program office',
      'Authorizing: waiting for Riley Rep',
      'Declined',
    ])
    expect(statusPageWords('Authorizing', '')).toBe(
      'Authorizing: waiting for the authorized representative',
    )
  })

  it('says an invoice is paid, overdue or unpaid', () => {
    expect(paymentStateWords({ paidOn: '2026-01-05', overdue: false })).toBe('Paid')
    expect(paymentStateWords({ paidOn: null, overdue: true })).toBe('Overdue')
    expect(paymentStateWords({ paidOn: null, overdue: false })).toBe('Unpaid')
  })
})

describe('how a mail kind is shown', () => {
  it('names every kind the server queues in words', () => {
    for (const kind of MAIL_KINDS) expect(mailKindWords(kind)).toMatch(/^[A-Z][a-z-]+( [a-z-]+)*$/)
    expect(Object.keys(MAIL_KIND_WORDS).sort()).toEqual([...MAIL_KINDS].sort())
    expect(mailKindWords('authorization-reminder')).toBe('Authorization reminder')
    expect(mailKindWords('re-enrollment-invitation')).toBe('Re-enrollment invitation')
  })

  it('shows a kind it does not know as stored', () => {
    expect(mailKindWords('newsletter')).toBe('newsletter')
  })
})
