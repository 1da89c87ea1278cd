import { createPublicKey } from 'node:crypto'
import { SignJWT } from 'jose'
import { ADMIN_CLAIMS } from './admin-test-app.js'
import { type TestIdentityProvider, unsecuredToken } from './test-identity-provider.js'

/** A name and a way to make a token that must be refused. */
export type TokenAttack = readonly [string, (idp: TestIdentityProvider) => Promise<string>]

/** Flips one character of a base64url segment, keeping it valid base64url. */
function flip(segment: string, at: number): string {
  const char = segment[at] === 'A' ? 'B' : 'A'
  return `${segment.slice(0, at)}${char}${segment.slice(at + 1)}`
}

const now = () => Math.floor(Date.now() / 1000)

/** The RSA public key anyone can fetch from the authority: its kid, as PEM and as JWK text. */
async function publishedKey(idp: TestIdentityProvider) {
  const { keys } = (await (await fetch(idp.jwksUri)).json()) as { keys: Array<{ kid: string }> }
  const jwk = keys[0] ?? { kid: '' }
  const pem = createPublicKey({ key: jwk as never, format: 'jwk' }).export({
    type: 'spki',
    format: 'pem',
  })
  return { kid: jwk.kid, secrets: [String(pem), JSON.stringify(jwk)] }
}

/** Key confusion: HS256 with the published RSA key as the shared secret. */
async function hs256(idp: TestIdentityProvider, which: 0 | 1): Promise<string> {
  const { kid, secrets } = await publishedKey(idp)
  return new SignJWT({ ...ADMIN_CLAIMS })
    .setProtectedHeader({ alg: 'HS256', kid })
    .setIssuer(idp.authority)
    .setAudience(idp.clientId)
    .setSubject('x')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(secrets[which]))
}

/** Claims an administrator's token would carry, for tokens made by hand. */
function handMade(idp: TestIdentityProvider) {
  return {
    ...ADMIN_CLAIMS,
    iss: idp.authority,
    aud: idp.clientId,
    sub: 'x',
    iat: now(),
    exp: now() + 600,
  }
}

/**
 * Tokens an attacker or a misconfigured client could send (RFC 8725 §2-3, OpenID Connect Core
 * 3.1.3.7): each must be refused, though all but the last two carry an administrator's claims.
 */
export const TOKEN_ATTACKS: readonly TokenAttack[] = [
  ['an expired token', (idp) => idp.sign(ADMIN_CLAIMS, { expiresIn: -600 })],
  [
    'a token not valid before five minutes from now',
    (idp) => idp.sign({ ...ADMIN_CLAIMS, nbf: now() + 300 }),
  ],
  [
    'another issuer',
    (idp) => idp.sign(ADMIN_CLAIMS, { issuer: 'https://login.example.com/x/v2.0' }),
  ],
  ['another audience', (idp) => idp.sign(ADMIN_CLAIMS, { audience: 'another-client' })],
  [
    'several audiences, no azp',
    (idp) => idp.sign(ADMIN_CLAIMS, { audience: [idp.clientId, 'other'] }),
  ],
  [
    'several audiences, azp another party',
    (idp) => idp.sign({ ...ADMIN_CLAIMS, azp: 'other' }, { audience: [idp.clientId, 'other'] }),
  ],
  ['an access token (typ at+jwt)', (idp) => idp.sign(ADMIN_CLAIMS, { typ: 'at+jwt' })],
  ['an Entra ID access token (scp)', (idp) => idp.sign({ ...ADMIN_CLAIMS, scp: 'User.Read' })],
  ['no expiry', (idp) => idp.sign(ADMIN_CLAIMS, { omit: ['exp'] })],
  ['no subject', (idp) => idp.sign(ADMIN_CLAIMS, { omit: ['sub'] })],
  ['a key the authority does not publish', (idp) => idp.sign(ADMIN_CLAIMS, { key: 'unknown' })],
  [
    'its own key named by jku',
    (idp) =>
      idp.sign(ADMIN_CLAIMS, { key: 'unknown', header: { jku: 'https://evil.example/jwks' } }),
  ],
  [
    'a tampered signature',
    async (idp) => {
      const [header, payload, signature = ''] = (await idp.sign(ADMIN_CLAIMS)).split('.')
      return `${header}.${payload}.${flip(signature, 10)}`
    },
  ],
  [
    'a tampered payload (a viewer made administrator)',
    async (idp) => {
      const [header, , signature] = (await idp.sign({ ...ADMIN_CLAIMS, roles: ['Reader'] })).split(
        '.',
      )
      const forged = Buffer.from(JSON.stringify(handMade(idp))).toString('base64url')
      return `${header}.${forged}.${signature}`
    },
  ],
  ['alg none', async (idp) => unsecuredToken(handMade(idp))],
  ['HS256 signed with the published public key (PEM) as the secret', (idp) => hs256(idp, 0)],
  ['HS256 signed with the published public key (JWK) as the secret', (idp) => hs256(idp, 1)],
  [
    'a signed token over 8 KB (a huge claim)',
    (idp) => idp.sign({ ...ADMIN_CLAIMS, padding: 'x'.repeat(9000) }),
  ],
  [
    'a signed token with a huge protected header',
    (idp) => idp.sign(ADMIN_CLAIMS, { header: { padding: 'x'.repeat(20_000) } }),
  ],
  ['a megabyte of garbage', async () => `${'a'.repeat(500_000)}.${'b'.repeat(500_000)}.c`],
  ['three dots', async () => '...'],
]
