import { describe, expect, it } from 'vitest'
import { dollars, programHeading, shortDate } from './invoice-text.js'

describe('invoice text', () => {
  it('writes the ISO date as a US short date without a time-zone shift', () => {
    expect(shortDate('2026-11-22')).toBe('11/22/2026')
    expect(shortDate('2025-01-01')).toBe('1/1/2025')
    expect(shortDate('2025-12-31T23:59:59Z')).toBe('12/31/2025')
  })

  it('writes dollars as $1,234.00', () => {
    expect(dollars(1234)).toBe('$1,234.00')
    expect(dollars(1250.5)).toBe('$1,250.50')
    expect(dollars(0)).toBe('$0.00')
    expect(dollars(0.1 + 0.2)).toBe('$0.30')
  })

  it('names the program', () => {
    expect(programHeading({ invoiceYear: 2025, invoiceBrand: 'Chevrolet' })).toBe(
      '2025 Chevrolet Dealer Funded Point of Sale Kit Program',
    )
  })
})
