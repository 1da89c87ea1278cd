import { expect, type Page } from '@playwright/test'
import { freshBac } from './enrollment-data'

/**
 * The sessions of this worker's sign-ins through the form, by server and user: what the OpenID
 * client keeps in session storage (`oidc.user:…`, the ID token and its expiry).
 */
const sessions = new Map<string, { entries: Array<[string, string]>; expiresAt: number }>()

/**
 * Signs in as `email` and opens /admin. The first time in a worker (per server and user), and
 * whenever `throughTheForm` says so, through the embedded OpenID provider's own login form; after
 * that, by putting that sign-in's session in the page's session storage, as the client would have
 * (the form costs a second or more a time, and the test of the sign-in itself is admin.spec.ts).
 * A test that logs out signs in through the form: the provider's log-out page asks about its own
 * session, which only the form opens.
 */
export async function signIn(
  page: Page,
  email = 'admin@example.com',
  { throughTheForm = false } = {},
): Promise<void> {
  // A page of the server that is not the app, to reach the origin's session storage.
  await page.goto('/healthz')
  const key = `${new URL(page.url()).origin} ${email}`
  const kept = sessions.get(key)
  // Kept while the ID token (an hour) has more than ten minutes to run.
  if (!throughTheForm && kept && kept.expiresAt > Date.now() + 10 * 60_000) {
    await page.evaluate((entries) => {
      for (const [name, value] of entries) sessionStorage.setItem(name, value)
    }, kept.entries)
    await page.goto('/admin')
    return
  }
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Click Here to Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('dev')
  await page.getByRole('button', { name: 'Sign in' }).click()
  // The print vendor is taken on to its own page.
  await page.waitForURL(/\/(admin|fulfillment)$/)
  const entries = await page.evaluate(() =>
    Object.entries(sessionStorage).filter(([name]) => name.startsWith('oidc.user:')),
  )
  const expiresAt = Math.min(
    ...entries.map(
      ([, value]) => 1000 * ((JSON.parse(value) as { expires_at?: number }).expires_at ?? 0),
    ),
  )
  if (entries.length === 1) sessions.set(key, { entries, expiresAt })
}

export function dealerBody(name: string, bac = freshBac(), billing = 'OpenParts') {
  return {
    type: 'Dealer',
    brand: 'chevy',
    year: 2025,
    status: '',
    guid: '',
    regionId: null,
    lma: null,
    dealers: [
      {
        bac,
        name,
        address: '1 Test Road',
        city: 'Lansing',
        state: 'MI',
        postal: '48933',
        country: 'USA',
        authName: 'Dana Dealer',
        authTitle: 'Owner',
        authEmailAddress: `${bac}@dealer.example`,
        authPhoneNumber: '517-555-0101',
        authFaxNumber: '',
        kitSize: billing === 'None' ? 'None' : 'Small',
        hispanic: billing === 'None' ? 'None' : 'No',
        billing,
      },
    ],
  }
}

/** Submits a dealer enrollment through the public API, as the dealer form would. */
export async function submitDealer(page: Page, name: string, billing = 'OpenParts') {
  const body = dealerBody(name, freshBac(), billing)
  const response = await page.request.post('/api/enrollments', { data: body })
  expect(response.status()).toBe(201)
  // The answer is a receipt; what the test needs of the enrollment is what it sent.
  return body
}

/**
 * Calls an admin endpoint as the signed-in administrator of `page` (after signIn): the ID token
 * is the one the browser's OpenID client keeps in session storage.
 */
export async function adminRequest(page: Page, method: 'GET' | 'POST', path: string, data = {}) {
  const token = await page.evaluate(() => {
    for (let index = 0; index < sessionStorage.length; index++) {
      const key = sessionStorage.key(index) ?? ''
      if (key.startsWith('oidc.user:')) {
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { id_token?: string }).id_token
      }
    }
    return undefined
  })
  expect(token, 'signed in').toBeTruthy()
  const headers = { authorization: `Bearer ${token}` }
  return method === 'GET'
    ? page.request.get(path, { headers })
    : page.request.post(path, { data, headers })
}
