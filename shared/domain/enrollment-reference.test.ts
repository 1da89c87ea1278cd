import { describe, expect, it } from 'vitest'
import { referenceSearchPrefix } from './enrollment-reference.js'

describe('referenceSearchPrefix', () => {
  it.each([
    ['c81c', 'C81C'],
    ['C81C-60', 'C81C60'],
    ['c81c6061', 'C81C6061'],
    ['C81C-6061-6136', 'C81C60616136'],
    [' c81c60616136 ', 'C81C60616136'],
  ])('reads %j as the reference prefix %s', (search, prefix) => {
    expect(referenceSearchPrefix(search)).toBe(prefix)
  })

  it.each(['c81', 'C8-1', 'C81C-6061-6136-0', 'c81g', 'Tri-County', '', '----'])(
    'finds no reference prefix in %j',
    (search) => {
      expect(referenceSearchPrefix(search)).toBeNull()
    },
  )
})
