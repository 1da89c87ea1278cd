import {
  createRemoteJWKSet,
  errors,
  type JWTHeaderParameters,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose'
import { ID_TOKEN_DEFAULT_MAX_AGE_SECONDS } from '../config/config.js'
import { cachedDiscovery, type DiscoveryFetcher } from './openid-discovery.js'

/** Asymmetric algorithms only: never `none`, never a shared-secret HS*. */
export const ALLOWED_ALGORITHMS = ['RS256', 'PS256', 'ES256']
const CLOCK_TOLERANCE_SECONDS = 60

export interface IdTokenVerifierOptions {
  authority: string
  clientId: string
  /** Issuer and keys known inside the process (the development provider): no discovery. */
  local?: { issuer: string; keys: JWTVerifyGetKey }
  discover?: DiscoveryFetcher
  /** The oldest token accepted, by its `iat`, whatever its `exp` says. */
  maxAgeSeconds?: number
}

/** The token is missing, malformed, forged, expired or meant for someone else: a 401. */
export class TokenRejectedError extends Error {
  override name = 'TokenRejectedError'
}

/** The authority's discovery document or keys cannot be fetched: a 503, not the user's fault. */
export class SignInUnavailableError extends Error {
  override name = 'SignInUnavailableError'
}

export type IdTokenVerifier = (token: string) => Promise<JWTPayload>

type Trust = () => Promise<{ issuer: string; keys: JWTVerifyGetKey }>

/** Verifies an ID token against the authority's keys (docs/security.md, tokens). */
export function createIdTokenVerifier(options: IdTokenVerifierOptions): IdTokenVerifier {
  const { local } = options
  const trust: Trust = local ? async () => local : remoteTrust(options)
  return async (token) => {
    let trusted: Awaited<ReturnType<Trust>>
    try {
      trusted = await trust()
    } catch (error) {
      throw new SignInUnavailableError('The sign-in authority cannot be reached.', { cause: error })
    }
    try {
      const { payload, protectedHeader } = await jwtVerify(token, trusted.keys, {
        algorithms: ALLOWED_ALGORITHMS,
        audience: options.clientId,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['iss', 'sub', 'aud', 'exp', 'iat'],
        // Also refuses an `iat` in the future beyond the clock tolerance.
        maxTokenAge: options.maxAgeSeconds ?? ID_TOKEN_DEFAULT_MAX_AGE_SECONDS,
      })
      const problem = idTokenProblem(payload, protectedHeader, trusted.issuer, options.clientId)
      if (problem) throw new TokenRejectedError(problem)
      return payload
    } catch (error) {
      if (error instanceof TokenRejectedError) throw error
      if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
        throw new SignInUnavailableError('The sign-in keys cannot be fetched.', { cause: error })
      }
      throw new TokenRejectedError(error.message, { cause: error })
    }
  }
}

function remoteTrust(options: IdTokenVerifierOptions): Trust {
  const discover = cachedDiscovery(options.authority, options.discover)
  const keySets = new Map<string, JWTVerifyGetKey>()
  return async () => {
    const metadata = await discover()
    let keys = keySets.get(metadata.jwks_uri)
    if (!keys) {
      // Caches the keys and fetches them again when a token names an unknown key id.
      keys = createRemoteJWKSet(new URL(metadata.jwks_uri))
      keySets.set(metadata.jwks_uri, keys)
    }
    return { issuer: metadata.issuer, keys }
  }
}

/** Why a correctly signed token is still not an ID token for this client; null when it is. */
function idTokenProblem(
  payload: JWTPayload,
  header: JWTHeaderParameters,
  issuer: string,
  clientId: string,
): string | null {
  if (!issuerMatches(issuer, payload)) return 'unexpected issuer'
  const typ = header.typ?.toLowerCase()
  if (typ === 'at+jwt' || typ === 'application/at+jwt') return 'an access token is not accepted'
  // Entra ID access tokens carry `scp`; ID tokens never do.
  if (payload.scp !== undefined || payload.token_use === 'access') {
    return 'an access token is not accepted'
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== clientId) {
    return 'the token was issued to another party'
  }
  return null
}

/**
 * Multi-tenant Entra ID authorities (`common`, `organizations`) publish the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`; the token's `tid` fills it in.
 */
function issuerMatches(expected: string, payload: JWTPayload): boolean {
  if (!expected.includes('{tenantid}')) return payload.iss === expected
  return (
    typeof payload.tid === 'string' && payload.iss === expected.replace('{tenantid}', payload.tid)
  )
}
