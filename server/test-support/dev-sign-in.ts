import { createHash, randomBytes } from 'node:crypto'
import { CookieBrowser } from './cookie-browser.js'

export interface Authorization {
  /** Where the provider sent the browser back to, with `code` or `error`. */
  callback?: URL
  /** The page shown instead (the sign-in form). */
  page?: { url: string; status: number; html: string; csp: string | null }
  verifier: string
}

/** GET {authority}/auth (authorization code + PKCE, S256), following redirects back to /oidc. */
export async function authorize(
  browser: CookieBrowser,
  publicUrl: string,
  params: Record<string, string> = {},
): Promise<Authorization> {
  const metadata = (await (
    await fetch(`${publicUrl}/dev-oidc/.well-known/openid-configuration`)
  ).json()) as { authorization_endpoint: string }
  const verifier = randomBytes(32).toString('base64url')
  const url = new URL(metadata.authorization_endpoint)
  const query = {
    client_id: 'pos-admin-dev',
    response_type: 'code',
    redirect_uri: `${publicUrl}/oidc`,
    scope: 'openid profile email user.read',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...params,
  }
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
  const redirectUri = query.redirect_uri
  const result = await browser.follow(url.href, {}, (next) => next.startsWith(redirectUri))
  return settle(result, redirectUri, verifier)
}

/** Posts the sign-in form of `authorization.page` and follows on to the callback. */
export async function submitSignIn(
  browser: CookieBrowser,
  authorization: Authorization,
  fields: { email: string; password: string },
  redirectUri: string,
): Promise<Authorization> {
  const page = authorization.page
  const action = page && /action="([^"]+\/login)"/.exec(page.html)?.[1]
  if (!page || !action) throw new Error('No sign-in form to submit')
  const result = await browser.follow(
    new URL(action, page.url).href,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    },
    (next) => next.startsWith(redirectUri),
  )
  const settled = await settle(result, redirectUri, authorization.verifier)
  return settled.page && isAutoPost(settled.page.html)
    ? postAutoForm(browser, settled, redirectUri)
    : settled
}

/** The provider's self-submitting form (signing the previous user out before a switch). */
function isAutoPost(html: string): boolean {
  return html.includes('document.forms[0].submit()')
}

/** Does what the page's script does in a browser: posts its hidden fields. */
async function postAutoForm(
  browser: CookieBrowser,
  authorization: Authorization,
  redirectUri: string,
): Promise<Authorization> {
  const html = authorization.page?.html ?? ''
  if (!authorization.page?.csp?.includes("'sha256-")) {
    throw new Error(
      'A browser would not run the self-submitting page: its script is not in the CSP',
    )
  }
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? ''
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [
      m[1] ?? '',
      m[2] ?? '',
    ]),
  )
  const result = await browser.follow(
    action,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    },
    (next) => next.startsWith(redirectUri),
  )
  return settle(result, redirectUri, authorization.verifier)
}

async function settle(
  result: { url: string; response?: Response },
  redirectUri: string,
  verifier: string,
): Promise<Authorization> {
  if (result.url.startsWith(redirectUri)) return { callback: new URL(result.url), verifier }
  const response = result.response
  if (!response) throw new Error(`Stopped at ${result.url}`)
  return {
    page: {
      url: result.url,
      status: response.status,
      html: await response.text(),
      csp: response.headers.get('content-security-policy'),
    },
    verifier,
  }
}

/** Exchanges the code at the token endpoint, as the SPA does (public client, PKCE). */
export async function redeemCode(
  publicUrl: string,
  authorization: Authorization,
  redirectUri = `${publicUrl}/oidc`,
): Promise<{ id_token: string; access_token: string; refresh_token?: string; scope: string }> {
  const code = authorization.callback?.searchParams.get('code')
  if (!code) throw new Error(`No code: ${authorization.callback?.href ?? 'no callback'}`)
  const response = await fetch(`${publicUrl}/dev-oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'pos-admin-dev',
      code_verifier: authorization.verifier,
    }).toString(),
  })
  if (!response.ok)
    throw new Error(`Token endpoint answered ${response.status}: ${await response.text()}`)
  return response.json() as Promise<{
    id_token: string
    access_token: string
    refresh_token?: string
    scope: string
  }>
}

/** The whole sign-in of one dev user in a fresh browser: answers the tokens. */
export async function devSignIn(publicUrl: string, email: string, password = 'dev') {
  const browser = new CookieBrowser()
  const started = await authorize(browser, publicUrl)
  const signedIn = await submitSignIn(browser, started, { email, password }, `${publicUrl}/oidc`)
  return { browser, tokens: await redeemCode(publicUrl, signedIn) }
}
