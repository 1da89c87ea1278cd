import { randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  exportJWK,
  generateKeyPair,
  type JWTHeaderParameters,
  type JWTPayload,
  SignJWT,
} from 'jose'

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>

export interface SignOptions {
  /** Default: the trusted key; 'unknown' is a key the JWKS does not publish. */
  key?: 'trusted' | 'unknown'
  /** Seconds from now; negative for an expired token. Default 600. */
  expiresIn?: number
  audience?: string | string[]
  issuer?: string
  typ?: string
  /** More protected header parameters (jku, crit, padding, ...). */
  header?: Partial<JWTHeaderParameters> & Record<string, unknown>
  /** Seconds since the epoch the token says it was issued at (default: now). */
  issuedAt?: number
  /** Registered claims to leave out. */
  omit?: Array<'exp' | 'iat' | 'sub'>
}

export interface TestIdentityProvider {
  /** An Entra-ID-like authority: `http://127.0.0.1:{port}/{tenant}/v2.0`. */
  authority: string
  clientId: string
  /** The published key set (what anyone can fetch), for key-confusion attacks. */
  jwksUri: string
  /** How often the discovery document and the key set were fetched. */
  fetches: { discovery: number; jwks: number }
  sign(claims: JWTPayload, options?: SignOptions): Promise<string>
  close(): Promise<void>
}

/**
 * A real HTTP server publishing a discovery document and a key set (RS256), and signing ID
 * tokens with its private key: the verifier under test fetches both as it would from Entra ID.
 */
export async function startTestIdentityProvider(
  clientId = 'pos-admin-test',
): Promise<TestIdentityProvider> {
  const tenant = randomUUID()
  const trusted = await keyPair()
  const unknown = await keyPair()
  const fetches = { discovery: 0, jwks: 0 }
  let authority = ''
  const server = createServer((request, response) => {
    const path = request.url ?? ''
    response.setHeader('content-type', 'application/json')
    if (path === `/${tenant}/v2.0/.well-known/openid-configuration`) {
      fetches.discovery++
      const origin = new URL(authority).origin
      return response.end(
        JSON.stringify({ issuer: authority, jwks_uri: `${origin}/${tenant}/discovery/v2.0/keys` }),
      )
    }
    if (path === `/${tenant}/discovery/v2.0/keys`) {
      fetches.jwks++
      return response.end(JSON.stringify({ keys: [trusted.publicJwk] }))
    }
    response.statusCode = 404
    response.end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  authority = `http://127.0.0.1:${port}/${tenant}/v2.0`

  return {
    authority,
    clientId,
    jwksUri: `${new URL(authority).origin}/${tenant}/discovery/v2.0/keys`,
    fetches,
    async sign(claims, options = {}) {
      const pair = options.key === 'unknown' ? unknown : trusted
      const now = Math.floor(Date.now() / 1000)
      const omit = new Set(options.omit ?? [])
      const jwt = new SignJWT({ tid: tenant, ...claims })
        .setProtectedHeader({
          alg: 'RS256',
          kid: pair.kid,
          typ: options.typ ?? 'JWT',
          ...options.header,
        })
        .setIssuer(options.issuer ?? authority)
        .setAudience(options.audience ?? clientId)
      if (!omit.has('sub'))
        jwt.setSubject(typeof claims.sub === 'string' ? claims.sub : randomUUID())
      if (!omit.has('iat')) jwt.setIssuedAt(options.issuedAt ?? now)
      if (!omit.has('exp')) jwt.setExpirationTime(now + (options.expiresIn ?? 600))
      return jwt.sign(pair.keys.privateKey)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function keyPair(): Promise<{ keys: KeyPair; kid: string; publicJwk: object }> {
  const keys = await generateKeyPair('RS256', { extractable: true })
  const kid = randomUUID()
  return { keys, kid, publicJwk: { ...(await exportJWK(keys.publicKey)), kid, alg: 'RS256' } }
}

/** An unsigned token (`alg: none`), which no verifier may accept. */
export function unsecuredToken(claims: JWTPayload): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
}
