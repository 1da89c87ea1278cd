import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A capability is a link that opens one thing without sign-in (the enrollee's status page, a
 * saved draft). Its token is 256 random bits written in base64url (43 characters); only its
 * SHA-256 is stored, so a copy of the database opens nothing. Each kind of capability keeps its
 * own table (what it opens, its hash, when it expires, when it was revoked); this module is the
 * one place a token is minted, read and compared (docs/security.md).
 */
const TOKEN_BYTES = 32
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export interface MintedCapability {
  /** What travels in the link, and only there. */
  readonly token: string
  /** What the database keeps: the token's SHA-256, hex. */
  readonly hash: string
}

export function mintCapability(): MintedCapability {
  const token = randomBytes(TOKEN_BYTES).toString('base64url')
  return { token, hash: capabilityHash(token) }
}

/** True when the text has a token's shape; anything else is refused before the database. */
export function isCapabilityToken(text: unknown): text is string {
  return typeof text === 'string' && TOKEN_PATTERN.test(text)
}

export function capabilityHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

/** Compares a stored hash with a presented token's in constant time. */
export function capabilityMatches(storedHash: string, token: string): boolean {
  const presented = Buffer.from(capabilityHash(token), 'hex')
  const stored = Buffer.from(storedHash, 'hex')
  return stored.length === presented.length && timingSafeEqual(stored, presented)
}
