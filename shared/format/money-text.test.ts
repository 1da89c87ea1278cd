import { describe, expect, it } from 'vitest'
import { formatDollars, formatMoney, formatPrice } from './money-text.js'

describe('how an amount is shown (docs/product.md#prices)', () => {
  it.each([
    [125050, '$1,250.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [32500, '$325.00'],
    [123456789, '$1,234,567.89'],
  ])('formatMoney(%i) = %s', (cents, text) => {
    expect(formatMoney(cents)).toBe(text)
  })

  it('shows the wire’s dollars the same way, rounded to cents first', () => {
    expect(formatDollars(1234)).toBe('$1,234.00')
    expect(formatDollars(1250.5)).toBe('$1,250.50')
    expect(formatDollars(0)).toBe('$0.00')
    expect(formatDollars(0.1 + 0.2)).toBe('$0.30')
  })

  it('shows a form hint’s price in whole dollars when it has no cents', () => {
    expect(formatPrice(40000)).toBe('$400')
    expect(formatPrice(150)).toBe('$1.50')
  })
})
