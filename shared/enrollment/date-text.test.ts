import { describe, expect, it } from 'vitest'
import { dateText } from './date-text.js'

describe('dateText', () => {
  it('shows a day as Nov 26, 2026', () => {
    expect(dateText(new Date(2026, 10, 26, 12))).toBe('Nov 26, 2026')
    expect(dateText(new Date(2027, 1, 7, 0, 0).toISOString())).toBe('Feb 7, 2027')
  })
})
