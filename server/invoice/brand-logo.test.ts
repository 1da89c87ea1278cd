import { describe, expect, it } from 'vitest'
import { findBrandLogo } from './brand-logo.js'

describe('findBrandLogo', () => {
  it('finds the logo the SPA shows for each brand', () => {
    expect(findBrandLogo('chevy')).toMatch(/images\/logos\/chevy\.png$/)
    expect(findBrandLogo('gm')).toMatch(/images\/logos\/gm\.png$/)
  })

  it('answers nothing for an unknown brand or a key that is no plain name', () => {
    expect(findBrandLogo('saturn')).toBeUndefined()
    expect(findBrandLogo('../logos/chevy')).toBeUndefined()
    expect(findBrandLogo('')).toBeUndefined()
  })
})
