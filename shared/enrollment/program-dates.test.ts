import { describe, expect, it } from 'vitest'
import { INVOICE_TERMS, PAYMENT_DUE_SENTENCE } from '../invoice/invoice.js'
import { HISPANIC_PRICE_HINT, KIT_SIZE_PRICE_HINT } from './pricing.js'
import { DEFAULT_PROGRAM_CALENDAR, enrollmentDeadlineText, programDay } from './program-dates.js'

describe('the program’s dates, terms and prices as the pages and mails print them', () => {
  it('the deadline is February 7 of the program year', () => {
    expect(enrollmentDeadlineText(2026)).toBe('Feb 7, 2026')
    expect(enrollmentDeadlineText(2031)).toBe('Feb 7, 2031')
  })

  it('the deadline follows the configured calendar', () => {
    const calendar = { ...DEFAULT_PROGRAM_CALENDAR, deadline: { month: 3, day: 15 } }
    expect(enrollmentDeadlineText(2026, calendar)).toBe('Mar 15, 2026')
  })

  it('the day of the program counts from its opening, stops at its close, and compares with last year’s same day', () => {
    const calendar = DEFAULT_PROGRAM_CALENDAR
    expect(programDay(calendar, 2025, new Date('2024-09-30T12:00:00Z')).day).toBeNull()
    const first = programDay(calendar, 2025, new Date('2024-10-01T15:00:00Z'))
    expect(first).toEqual({
      day: 1,
      closed: false,
      sameDayLastYear: new Date('2023-10-01T15:00:00Z'),
    })
    expect(programDay(calendar, 2025, new Date('2024-11-15T08:00:00Z')).day).toBe(46)
    // Long after the close (the 2024 dashboard seen in 2026): its last day, not day 1054.
    const closed = programDay(calendar, 2024, new Date('2026-11-26T10:00:00Z'))
    expect(closed.day).toBe(458)
    expect(closed.closed).toBe(true)
    expect(closed.sameDayLastYear?.toISOString().slice(0, 10)).toBe('2023-12-31')
  })

  it('payment is due 60 days after receipt: Net 60 on the invoice', () => {
    expect(INVOICE_TERMS).toBe('Net 60')
    expect(PAYMENT_DUE_SENTENCE).toBe('Payment is due within 60 days of invoice receipt.')
  })

  it('the dealer table’s hints read the kit prices', () => {
    expect(KIT_SIZE_PRICE_HINT).toBe('$400/large, $325/small')
    expect(HISPANIC_PRICE_HINT).toBe('$125/kit')
  })
})
