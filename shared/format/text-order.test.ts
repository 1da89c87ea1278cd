import { describe, expect, it } from 'vitest'
import { compareText } from './text-order.js'

describe('text in order as people read it', () => {
  it('ignores case and puts numbers in numeric order', () => {
    expect(['Dealer 10', 'dealer 2', 'Acme'].sort(compareText)).toEqual([
      'Acme',
      'dealer 2',
      'Dealer 10',
    ])
    expect(compareText('LMA', 'lma')).toBe(0)
  })
})
