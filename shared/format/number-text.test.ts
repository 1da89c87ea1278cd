import { describe, expect, it } from 'vitest'
import { formatDollars } from './money-text.js'
import {
  changeParts,
  changeText,
  countText,
  formatCount,
  formatPercentChange,
  formatSigned,
  MINUS_SIGN,
} from './number-text.js'

describe('how counts and changes are shown (docs/product.md#how-things-are-shown)', () => {
  it('writes counts with thousands separators, and a noun by the count', () => {
    expect(formatCount(1204)).toBe('1,204')
    expect(countText(1, 'kit', 'kits')).toBe('1 kit')
    expect(countText(0, 'kit', 'kits')).toBe('0 kits')
    expect(countText(12345, 'kit', 'kits')).toBe('12,345 kits')
  })

  it('writes one minus sign, U+2212, in a difference and in its percentage alike', () => {
    expect(MINUS_SIGN).toBe('\u2212')
    expect(formatSigned(-3)).toBe('\u22123')
    expect(formatSigned(5)).toBe('+5')
    expect(formatSigned(0)).toBe('0')
    expect(formatSigned(-1250.5, formatDollars)).toBe('\u2212$1,250.50')
    expect(formatPercentChange(-0.104)).toBe('\u221210%')
    expect(formatPercentChange(0.2)).toBe('+20%')
    expect(formatPercentChange(-0.125)).toBe('\u221213%')
    expect(formatPercentChange(0.004)).toBe('0%')
    expect(formatPercentChange(-0.004)).toBe('0%')
    const text = changeText({ current: 37, previous: 144 })
    expect(text).toBe('\u2212107 (\u221274%)')
    // No hyphen-minus anywhere a difference is written.
    expect(text).not.toContain('-')
    expect(changeText({ current: 7, previous: 48600 }, formatDollars)).not.toContain('-')
  })

  it('says no change, or none last year, in words', () => {
    expect(changeText({ current: 4, previous: 4 })).toBe('no change')
    expect(changeText({ current: 35, previous: 0 })).toBe('+35 (none last year)')
    expect(changeParts({ current: 4, previous: 4 })).toBeNull()
    expect(changeParts({ current: 11300, previous: 10000 }, formatDollars)).toEqual({
      difference: '+$1,300.00',
      relative: '+13%',
    })
  })
})
