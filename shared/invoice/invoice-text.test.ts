import { describe, expect, it } from 'vitest'
import { programHeading } from './invoice-text.js'

describe('invoice text', () => {
  it('names the program', () => {
    expect(programHeading({ invoiceYear: 2025, invoiceBrand: 'Chevrolet' })).toBe(
      '2025 Chevrolet Dealer Funded Point of Sale Kit Program',
    )
  })
})
