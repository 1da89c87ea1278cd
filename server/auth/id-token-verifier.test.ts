import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
  unsecuredToken,
} from '../test-support/test-identity-provider.js'
import {
  createIdTokenVerifier,
  type IdTokenVerifier,
  SignInUnavailableError,
  TokenRejectedError,
} from './id-token-verifier.js'

describe('createIdTokenVerifier against an authority served over HTTP', () => {
  let idp: TestIdentityProvider
  let verify: IdTokenVerifier
  const claims = { preferred_username: 'ada@contoso.example', name: 'Ada Admin' }
  const now = () => Math.floor(Date.now() / 1000)

  beforeAll(async () => {
    idp = await startTestIdentityProvider()
    verify = createIdTokenVerifier({ authority: idp.authority, clientId: idp.clientId })
  })
  afterAll(() => idp.close())

  it('accepts an ID token of the authority for this client and answers its claims', async () => {
    const payload = await verify(await idp.sign(claims))
    expect(payload).toMatchObject({ ...claims, iss: idp.authority, aud: idp.clientId })
  })

  it('discovers the keys once and keeps them', async () => {
    await verify(await idp.sign(claims))
    await verify(await idp.sign(claims))
    expect(idp.fetches).toEqual({ discovery: 1, jwks: 1 })
  })

  it('allows 60 seconds of clock skew, not more', async () => {
    await expect(verify(await idp.sign(claims, { expiresIn: -30 }))).resolves.toBeTruthy()
    await expect(verify(await idp.sign(claims, { expiresIn: -120 }))).rejects.toThrow(
      TokenRejectedError,
    )
    await expect(verify(await idp.sign({ ...claims, nbf: now() + 300 }))).rejects.toThrow(
      TokenRejectedError,
    )
  })

  it('refuses a token issued longer ago than the maximum age, or in the future', async () => {
    const strict = createIdTokenVerifier({
      authority: idp.authority,
      clientId: idp.clientId,
      maxAgeSeconds: 3600,
    })
    const long = { expiresIn: 24 * 3600 }
    await expect(
      strict(await idp.sign(claims, { ...long, issuedAt: now() - 1800 })),
    ).resolves.toBeTruthy()
    await expect(
      strict(await idp.sign(claims, { ...long, issuedAt: now() - 7200 })),
    ).rejects.toThrow(TokenRejectedError)
    await expect(strict(await idp.sign(claims, { issuedAt: now() + 30 }))).resolves.toBeTruthy()
    await expect(strict(await idp.sign(claims, { issuedAt: now() + 600 }))).rejects.toThrow(
      TokenRejectedError,
    )
    // The default is 12 hours.
    await expect(
      verify(await idp.sign(claims, { ...long, issuedAt: now() - 13 * 3600 })),
    ).rejects.toThrow(TokenRejectedError)
  })

  it.each([
    ['another audience', { audience: 'someone-else' }],
    ['another issuer', { issuer: 'https://login.example.com/other/v2.0' }],
    ['a key the authority does not publish', { key: 'unknown' as const }],
    ['an access token (typ at+jwt)', { typ: 'at+jwt' }],
  ])('rejects a token with %s', async (_label, options) => {
    await expect(verify(await idp.sign(claims, options))).rejects.toThrow(TokenRejectedError)
  })

  it('rejects an Entra ID access token (it carries scp) and a foreign multi-audience token', async () => {
    await expect(verify(await idp.sign({ ...claims, scp: 'User.Read' }))).rejects.toThrow(
      TokenRejectedError,
    )
    await expect(
      verify(await idp.sign({ ...claims, azp: 'other' }, { audience: [idp.clientId, 'other'] })),
    ).rejects.toThrow(TokenRejectedError)
  })

  it('rejects alg none, a shared-secret HS256 token and garbage', async () => {
    const unsigned = unsecuredToken({
      ...claims,
      iss: idp.authority,
      aud: idp.clientId,
      sub: 'x',
      iat: now(),
      exp: now() + 600,
    })
    await expect(verify(unsigned)).rejects.toThrow(TokenRejectedError)
    const hs256 = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(idp.authority)
      .setAudience(idp.clientId)
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(idp.clientId.padEnd(32, 'x')))
    await expect(verify(hs256)).rejects.toThrow(TokenRejectedError)
    await expect(verify('not.a.token')).rejects.toThrow(TokenRejectedError)
  })

  it('accepts the issuer template of a multi-tenant Entra ID authority, filled in by tid', async () => {
    const origin = new URL(idp.authority).origin
    const tenant = new URL(idp.authority).pathname.split('/')[1] ?? ''
    const templated = createIdTokenVerifier({
      authority: `${origin}/organizations/v2.0`,
      clientId: idp.clientId,
      discover: async () => ({
        issuer: `${origin}/{tenantid}/v2.0`,
        jwks_uri: `${origin}/${tenant}/discovery/v2.0/keys`,
      }),
    })
    await expect(templated(await idp.sign(claims))).resolves.toBeTruthy()
    await expect(templated(await idp.sign({ ...claims, tid: 'another-tenant' }))).rejects.toThrow(
      TokenRejectedError,
    )
  })

  it('an unreachable authority is a sign-in outage, tried again on the next token', async () => {
    let calls = 0
    const offline = createIdTokenVerifier({
      authority: 'http://127.0.0.1:9/none/v2.0',
      clientId: idp.clientId,
      discover: async (authority) => {
        calls++
        throw new Error(`${authority} is down`)
      },
    })
    const token = await idp.sign(claims)
    await expect(offline(token)).rejects.toThrow(SignInUnavailableError)
    await expect(offline(token)).rejects.toThrow(SignInUnavailableError)
    expect(calls).toBe(2)
  })
})
