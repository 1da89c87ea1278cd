import { describe, expect, it } from 'vitest'
import { bacKey } from './bac-key.js'
import { duplicateBacRows } from './duplicate-bacs.js'

describe('bacKey', () => {
  it('trims and ignores case', () => {
    expect(bacKey('  ab12 ')).toBe('AB12')
    expect(bacKey('Ab12')).toBe(bacKey('aB12'))
  })
})

describe('duplicateBacRows', () => {
  it('answers the later rows of each repeated BAC', () => {
    const rows = [{ bac: 'a1' }, { bac: 'b2' }, { bac: ' A1' }, { bac: 'b2 ' }, { bac: 'a1' }]
    expect(duplicateBacRows(rows)).toEqual([2, 3, 4])
  })

  it('ignores blank and non-string BACs and rows that are not objects', () => {
    const rows = [{ bac: '' }, { bac: '  ' }, { bac: 5 }, {}, null, 'x'] as never[]
    expect(duplicateBacRows(rows)).toEqual([])
  })
})
