import { describe, expect, it } from 'vitest'
import { maskPhone, maskZip } from './input-masks'

describe('input masks', () => {
  it('keeps only the first five digits of a zip code', () => {
    expect(maskZip('48a2-26 99')).toBe('48226')
    expect(maskZip('123')).toBe('123')
  })

  it('formats a phone number as 3-3-4 digits with hyphens as it is typed', () => {
    expect(maskPhone('5')).toBe('5')
    expect(maskPhone('5555')).toBe('555-5')
    expect(maskPhone('(555) 555-1234')).toBe('555-555-1234')
    expect(maskPhone('555555123499')).toBe('555-555-1234')
  })
})
