import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALLOWED_ALGORITHMS } from '../auth/id-token-verifier.js'
import { CookieBrowser } from '../test-support/cookie-browser.js'
import { authorize, devSignIn, redeemCode, submitSignIn } from '../test-support/dev-sign-in.js'
import { freePort } from '../test-support/free-port.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

describe.each(testDatabaseKinds())('the development OpenID provider over HTTP on %s', (kind) => {
  let t: TestApp
  let base: string
  beforeAll(async () => {
    const port = await freePort()
    base = `http://127.0.0.1:${port}`
    t = await createTestApp(kind, {
      PUBLIC_URL: base,
      DEV_USERS: 'admin@example.com:Ada Admin:admin,viewer@example.com:Victor <Viewer>',
    })
    await t.app.listen({ port, host: '127.0.0.1' })
  })
  afterAll(() => t.close())

  it('publishes its discovery document under /dev-oidc', async () => {
    const response = await fetch(`${base}/dev-oidc/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    const metadata = (await response.json()) as Record<string, unknown>
    expect(metadata).toMatchObject({
      issuer: `${base}/dev-oidc`,
      authorization_endpoint: `${base}/dev-oidc/auth`,
      token_endpoint: `${base}/dev-oidc/token`,
      jwks_uri: `${base}/dev-oidc/jwks`,
      code_challenge_methods_supported: ['S256'],
    })
    // Signed with an algorithm the API's verifier accepts.
    const algorithms = metadata.id_token_signing_alg_values_supported as string[]
    expect(algorithms.length).toBeGreaterThan(0)
    expect(ALLOWED_ALGORITHMS).toEqual(expect.arrayContaining(algorithms))
  })

  it('signs an administrator in with code + PKCE; the ID token opens the admin API', async () => {
    const { tokens } = await devSignIn(base, 'Admin@Example.com')
    const claims = decodeJwt(tokens.id_token)
    expect(claims).toMatchObject({
      iss: `${base}/dev-oidc`,
      aud: 'pos-admin-dev',
      sub: 'admin@example.com',
      preferred_username: 'admin@example.com',
      email: 'admin@example.com',
      name: 'Ada Admin',
      roles: ['admin'],
    })
    const list = await fetch(`${base}/api/enrollments`, {
      headers: { authorization: `Bearer ${tokens.id_token}` },
    })
    expect(list.status).toBe(200)
    expect(await list.json()).toEqual([])
  })

  it('a dev user without the admin role gets a 403 from the admin API', async () => {
    const { tokens } = await devSignIn(base, 'viewer@example.com')
    const list = await fetch(`${base}/api/enrollments`, {
      headers: { authorization: `Bearer ${tokens.id_token}` },
    })
    expect(list.status).toBe(403)
  })

  it('the sign-in form lists the dev users escaped, under its own strict CSP', async () => {
    const started = await authorize(new CookieBrowser(), base)
    expect(started.page?.status).toBe(200)
    const html = started.page?.html ?? ''
    expect(html).toContain('admin@example.com')
    expect(html).toContain('Victor &lt;Viewer&gt;')
    expect(html).not.toContain('<Viewer>')
    expect(html).not.toMatch(/<script/i)
    expect(started.page?.csp).toContain("default-src 'none'")
    expect(started.page?.csp).toContain("frame-ancestors 'none'")
    expect(started.page?.csp).not.toContain('script-src')
  })

  it('a wrong password or an unknown email shows the form again with an error', async () => {
    const browser = new CookieBrowser()
    const started = await authorize(browser, base)
    for (const fields of [
      { email: 'admin@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 'dev' },
    ]) {
      const again = await submitSignIn(browser, started, fields, `${base}/oidc`)
      expect(again.callback).toBeUndefined()
      expect(again.page?.status).toBe(401)
      expect(again.page?.html).toContain('Unknown email or wrong password.')
    }
    const signedIn = await submitSignIn(
      browser,
      started,
      { email: 'admin@example.com', password: 'dev' },
      `${base}/oidc`,
    )
    expect(signedIn.callback?.searchParams.get('code')).toBeTruthy()
  })

  it('prompt=none: a code while signed in (silent page too), login_required otherwise', async () => {
    const { browser } = await devSignIn(base, 'admin@example.com')
    const silent = await authorize(browser, base, {
      prompt: 'none',
      redirect_uri: `${base}/oidc-silent.html`,
    })
    expect(silent.callback?.pathname).toBe('/oidc-silent.html')
    const tokens = await redeemCode(base, silent, `${base}/oidc-silent.html`)
    expect(decodeJwt(tokens.id_token).email).toBe('admin@example.com')

    const stranger = await authorize(new CookieBrowser(), base, { prompt: 'none' })
    expect(stranger.callback?.searchParams.get('error')).toBe('login_required')
  })

  it('prompt=select_account shows the form again and may switch the user', async () => {
    const { browser } = await devSignIn(base, 'admin@example.com')
    const picker = await authorize(browser, base, { prompt: 'select_account' })
    expect(picker.page?.html).toContain('<form')
    const switched = await submitSignIn(
      browser,
      picker,
      { email: 'viewer@example.com', password: 'dev' },
      `${base}/oidc`,
    )
    const tokens = await redeemCode(base, switched)
    expect(decodeJwt(tokens.id_token).email).toBe('viewer@example.com')
  })

  it('accepts and ignores the user.read scope; issues a refresh token that works', async () => {
    const { tokens } = await devSignIn(base, 'admin@example.com')
    expect(tokens.refresh_token).toBeTruthy()
    const refreshed = await fetch(`${base}/dev-oidc/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token ?? '',
        client_id: 'pos-admin-dev',
      }).toString(),
    })
    expect(refreshed.status).toBe(200)
    const body = (await refreshed.json()) as { id_token: string }
    expect(decodeJwt(body.id_token).roles).toEqual(['admin'])
  })

  it('Cancel answers access_denied to the client', async () => {
    const browser = new CookieBrowser()
    const started = await authorize(browser, base)
    const abort = /action="([^"]+\/abort)"/.exec(started.page?.html ?? '')?.[1] ?? ''
    const result = await browser.follow(new URL(abort, base).href, { method: 'POST' }, (next) =>
      next.startsWith(`${base}/oidc`),
    )
    expect(new URL(result.url).searchParams.get('error')).toBe('access_denied')
  })

  it('signs out after a confirmation and returns to /admin', async () => {
    const { browser, tokens } = await devSignIn(base, 'admin@example.com')
    const end = new URL(`${base}/dev-oidc/session/end`)
    end.searchParams.set('id_token_hint', tokens.id_token)
    end.searchParams.set('post_logout_redirect_uri', `${base}/admin`)
    const confirm = await browser.request(end.href)
    expect(confirm.status).toBe(200)
    expect(confirm.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await confirm.text()
    const action = /action="([^"]+)"/.exec(html)?.[1] ?? ''
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? ''
    const done = await browser.follow(
      new URL(action, base).href,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
      },
      (next) => next.startsWith(`${base}/admin`),
    )
    expect(done.url).toBe(`${base}/admin`)
    const silent = await authorize(browser, base, { prompt: 'none' })
    expect(silent.callback?.searchParams.get('error')).toBe('login_required')
  })

  it('an unknown or expired interaction is a plain 400 page', async () => {
    const response = await fetch(`${base}/dev-oidc/interaction/nope`)
    expect(response.status).toBe(400)
    expect(await response.text()).toContain('Sign-in expired')
  })
})
