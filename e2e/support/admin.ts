import { expect, type Page } from '@playwright/test'
import { freshBac } from './enrollment-data'

/** Signs in through the embedded OpenID provider's own login form. */
export async function signIn(page: Page, email = 'admin@example.com'): Promise<void> {
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Click Here to Login' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('dev')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/admin$/)
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
