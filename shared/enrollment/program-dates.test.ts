import { describe, expect, it } from 'vitest'
import { INVOICE_TERMS, PAYMENT_DUE_SENTENCE } from '../invoice/invoice.js'
import { HISPANIC_PRICE_HINT, KIT_SIZE_PRICE_HINT } from './pricing.js'
import { enrollmentDeadlineText } from './program-dates.js'

describe('the program’s dates, terms and prices as the pages and mails print them', () => {
  it('the deadline is February 7 of the program year', () => {
    expect(enrollmentDeadlineText(2026)).toBe('Feb 7, 2026')
    expect(enrollmentDeadlineText(2031)).toBe('Feb 7, 2031')
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
