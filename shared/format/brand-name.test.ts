import { describe, expect, it } from 'vitest'
import { brandDisplayName } from './brand-name.js'

const brands = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]

describe('how a brand is shown', () => {
  it('shows the configured display name, never the key', () => {
    expect(brandDisplayName(brands, 'gm')).toBe('GM')
    expect(brandDisplayName(brands, 'GM')).toBe('GM')
    expect(brandDisplayName(brands, 'chevy')).toBe('Chevrolet')
  })

  it('shows the key of a brand no longer configured', () => {
    expect(brandDisplayName(brands, 'saturn')).toBe('saturn')
  })
})
