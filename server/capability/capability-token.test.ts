import { describe, expect, it } from 'vitest'
import {
  capabilityHash,
  capabilityMatches,
  isCapabilityToken,
  mintCapability,
} from './capability-token.js'

describe('capability tokens', () => {
  it('are 256 random bits in base64url, and only their hash is kept', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => mintCapability().token))
    expect(tokens.size).toBe(1000)
    const { token, hash } = mintCapability()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(hash).not.toContain(token)
    expect(capabilityHash(token)).toBe(hash)
  })

  it('match only the token they were minted with', () => {
    const { token, hash } = mintCapability()
    expect(capabilityMatches(hash, token)).toBe(true)
    expect(capabilityMatches(hash, mintCapability().token)).toBe(false)
    expect(capabilityMatches('', token)).toBe(false)
  })

  it('refuse anything that is not a token before it reaches the database', () => {
    expect(isCapabilityToken(mintCapability().token)).toBe(true)
    for (const text of ['', 'abc', `${mintCapability().token}x`, '0'.repeat(42) + '=', null, 7]) {
      expect(isCapabilityToken(text)).toBe(false)
    }
  })
})
