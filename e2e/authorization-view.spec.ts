import { expect, type Page, test } from '@playwright/test'
import { MESSAGES } from '../shared/enrollment/validation-messages'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

const WIDTHS = [1280, 390] as const

/** The spec's banner of the authorization view (docs/product.md#authorization-view). */
const REQUESTED_TEXT =
  'A contact from your agency has submitted this enrollment on behalf of your LMA, and you are listed as its authorized representative. Please review the enrollment, make any changes it needs, then scroll down and click Authorize.'

/** An LMA submitted as the public form sends it: no region (the form has no Region field). */
function submitWithoutRegion(page: Page, prefix: string): Promise<string> {
  return submitLmaThroughApi(page, {
    name: freshName(prefix),
    repEmail: `rep-${Date.now()}-${Math.random().toString(36).slice(2)}@view.example`,
    regionId: null,
    dealers: [{ bac: freshBac(), name: 'Valley Chevrolet', kitSize: 'Small', hispanic: 'No' }],
  })
}

/** The authorize calls the page makes from now on. */
function authorizeCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/authorize')) {
      calls.push(request.url())
    }
  })
  return calls
}

/** The day as the pages show a date ('Nov 26, 2026'), in the browser's time zone. */
function shownDay(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) =>
      new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
    iso,
  )
}

for (const width of WIDTHS) {
  test(`at ${width} px a missing Region is a field error with the focus on it, and nothing is sent`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    const guid = await submitWithoutRegion(page, 'Regionless Dealers')
    const calls = authorizeCalls(page)
    await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
    await expect(page.getByText('Authorization Requested')).toBeVisible()

    // Marked required as every other required field is: the asterisk and aria-required.
    const region = page.getByRole('combobox', { name: 'Region', exact: true })
    for (const required of ['Region', 'LMA Name']) {
      await expect(page.locator('label').filter({ hasText: `${required} *` })).toHaveCount(1)
    }
    await expect(region).toHaveAttribute('aria-required', 'true')
    await expect(region).toHaveValue('')

    await page.getByRole('button', { name: 'Authorize' }).click()
    await expect(region).toBeFocused()
    await expect(region).toHaveAttribute('aria-invalid', 'true')
    await expect(region).toHaveAccessibleDescription(MESSAGES.regionRequired)
    await expect(page.getByText('Please check above for errors.')).toBeVisible()
    await expectAccessible(page)
    expect(calls, 'no authorize call').toEqual([])
    await expect(page).toHaveURL(/\/chevy\/enrollment\/lma\?auth=/)

    // With a Region chosen it goes through, once.
    await region.selectOption({ label: 'Central' })
    await page.getByRole('button', { name: 'Authorize' }).click()
    await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)
    expect(calls).toHaveLength(1)
  })
}

test('the page after authorizing says what happened and claims no receipt', async ({ page }) => {
  const guid = await submitLmaThroughApi(page, {
    name: freshName('Thanked Dealers'),
    repEmail: `rep-${Date.now()}@thanked.example`,
    dealers: [{ bac: freshBac(), name: 'Valley Chevrolet', kitSize: 'Small', hispanic: 'No' }],
  })
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)
  const { reference } = await (await page.request.get(`/api/enrollments/${guid}`)).json()
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Thank You' })).toBeVisible()
    await expect(
      page.getByText('Thank you! Your enrollment request has been submitted for review.'),
    ).toBeVisible()
    await expect(
      page.getByText(
        'You will receive a confirmation email once your enrollment has been accepted.',
      ),
    ).toBeVisible()
    await expect(page.locator('.submission-reference')).toHaveText(
      `Your reference is ${reference}. Please quote it when you contact the program office.`,
    )
    await expect(page.getByText(/receipt/i)).toHaveCount(0)
    await expectAccessible(page)
  }
})

test('an authorized link reopens with the banner and says when and by whom it was authorized', async ({
  page,
}) => {
  const guid = await submitWithoutRegion(page, 'Reopened Dealers')
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByText('Authorization Requested')).toBeVisible()
  await expect(page.getByText(/^Authorized on /)).toHaveCount(0)
  await page
    .getByRole('combobox', { name: 'Region', exact: true })
    .selectOption({ label: 'Central' })
  await page.getByLabel('Full Name').fill('Jane Doe')
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)
  const stored = await (await page.request.get(`/api/enrollments/${guid}`)).json()
  const authorizedLine = `Authorized on ${await shownDay(page, stored.authorized.at)} by Jane Doe.`
  expect(authorizedLine).toMatch(/^Authorized on [A-Z][a-z]{2} \d{1,2}, \d{4} by Jane Doe\.$/)

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
    await expect(page.getByText('Authorization Requested', { exact: true })).toBeVisible()
    await expect(page.getByText(REQUESTED_TEXT)).toBeVisible()
    await expect(page.getByText(authorizedLine)).toBeVisible()
    await expectAccessible(page)
  }

  // Approved by the program office: the approved banner, and still who authorized.
  await signIn(page)
  expect((await adminRequest(page, 'POST', `/api/enrollments/${guid}/approve`)).status()).toBe(200)
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByText('Enrollment Approved')).toBeVisible()
  await expect(
    page.getByText('This enrollment has been approved. No further changes can be made.'),
  ).toBeVisible()
  await expect(page.getByText(authorizedLine)).toBeVisible()
  await expectAccessible(page)
})
