import { describe, expect, it } from 'vitest'
import { MAX_CELL_LENGTH, safeCellText } from './safe-cell-text.js'

describe('safeCellText', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ['+1 555 0100', `'+1 555 0100`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('quotes %j, which a spreadsheet could run as a formula', (value, expected) => {
    expect(safeCellText(value)).toBe(expected)
  })

  it.each([
    'Riverside Chevrolet',
    '217-555-0100',
    'a=b',
    ' =not at the start',
    "'already quoted",
    '',
  ])('leaves %j as it is', (value) => {
    expect(safeCellText(value)).toBe(value)
  })

  it('writes a missing value as empty text', () => {
    expect(safeCellText(null)).toBe('')
    expect(safeCellText(undefined)).toBe('')
  })

  it('cuts a value longer than an Excel cell holds, on a whole character', () => {
    const long = safeCellText('x'.repeat(40_000))
    expect(long).toHaveLength(MAX_CELL_LENGTH)
    expect(long.endsWith('x…')).toBe(true)
    const emoji = safeCellText('🚗'.repeat(20_000))
    expect(emoji.length).toBeLessThanOrEqual(MAX_CELL_LENGTH)
    expect(emoji.endsWith('🚗…')).toBe(true)
    expect(safeCellText(`=${'y'.repeat(40_000)}`).startsWith("'=")).toBe(true)
    expect(safeCellText('z'.repeat(MAX_CELL_LENGTH))).toHaveLength(MAX_CELL_LENGTH)
  })
})
