import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { signIn, submitDealer } from './support/admin'
import { freshName } from './support/enrollment-data'

const GENERIC_ERROR = 'Something went wrong on our end. Please try again later.'

test('a route chunk that does not load reloads the page once, then shows the error with Retry, which loads it', async ({
  page,
}) => {
  const chunk = '**/assets/admin-route-*.js'
  await page.route(chunk, (route) => route.abort('failed'))
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++
  })
  await page.goto('/admin')
  await expect.poll(() => documents).toBe(2)
  await expect(page.getByText(GENERIC_ERROR)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expectAccessible(page)
  expect(documents).toBe(2)

  await page.unroute(chunk)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible()
  await expect(page.getByText(GENERIC_ERROR)).toHaveCount(0)
  expect(documents).toBe(2)
})

test('a phone number keeps the caret after a digit typed mid-number; Backspace after a hyphen deletes a digit', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/dealer')
  const phone = page.getByLabel('Phone Number')
  await phone.fill('555-555-1234')
  await phone.focus()
  await phone.press('Home')
  for (let step = 0; step < 4; step++) await phone.press('ArrowRight')
  await page.keyboard.type('9')
  await expect(phone).toHaveValue('555-955-5123')
  await page.keyboard.type('8')
  await expect(phone).toHaveValue('555-985-5512')

  await phone.press('End')
  for (let step = 0; step < 4; step++) await phone.press('ArrowLeft')
  await page.keyboard.press('Backspace')
  await expect(phone).toHaveValue('555-985-512')
  await page.keyboard.press('Backspace')
  await expect(phone).toHaveValue('555-955-12')

  await phone.fill('')
  await phone.focus()
  await page.keyboard.insertText('+1 (555) 555-1234')
  await expect(phone).toHaveValue('555-555-1234')
})

/** Submits a dealer enrollment, signs in and opens its dialog. */
async function openFreshEnrollment(page: Page, prefix: string) {
  const name = freshName(prefix)
  await submitDealer(page, name)
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  await page.locator('.list-table tbody tr').getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
  await expect(dialog).toBeVisible()
  return dialog
}

const serverError = {
  status: 500,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    detail: GENERIC_ERROR,
  }),
}

test('a history that fails to load says so with Retry, and Retry loads it', async ({ page }) => {
  const history = '**/api/enrollments/*/history'
  await page.route(history, (route) => route.fulfill(serverError))
  const dialog = await openFreshEnrollment(page, 'History Motors')
  await dialog.getByText('History', { exact: true }).click()
  await expect(dialog.getByText('The history could not be loaded.')).toBeVisible()
  await expect(dialog.getByText('Please wait...')).toHaveCount(0)
  await expectAccessible(page)

  await page.unroute(history)
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(dialog.getByRole('listitem').first()).toContainText('submitted by')
  await expect(dialog.getByText('The history could not be loaded.')).toHaveCount(0)
})

test('the enrollment list that fails to load says so with Retry, and Retry loads it', async ({
  page,
}) => {
  const list = '**/api/enrollments?*'
  await page.route(list, (route) => route.fulfill(serverError))
  await signIn(page)
  await expect(page.getByText('The enrollments could not be loaded.')).toBeVisible()
  await expectAccessible(page)
  await page.unroute(list)
  await page.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByText('The enrollments could not be loaded.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Previous year' }).click()
  await expect(page.locator('.list-table tbody tr')).toHaveCount(20)
})

test('a confirmation opens on No, its safe answer', async ({ page }) => {
  const dialog = await openFreshEnrollment(page, 'Careful Motors')
  await dialog.getByRole('button', { name: 'Decline' }).click()
  const question = page.getByRole('dialog', { name: 'Please confirm' })
  await expect(question.getByRole('button', { name: 'No' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(question).toBeHidden()
  await expect(dialog).toBeVisible()
})

test('an error notice stays while the pointer is on it, and has a Dismiss button', async ({
  page,
}) => {
  await page.clock.install()
  await page.route('**/api/rollover', (route) => route.fulfill(serverError))
  await signIn(page)
  const rollover = page.getByRole('button', { name: /^Re-enroll / })
  const notice = page.getByRole('alert').filter({ hasText: GENERIC_ERROR })
  const failRollover = async () => {
    await rollover.click()
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Yes' })
      .click()
    await expect(notice).toBeVisible()
  }
  await failRollover()
  await notice.hover()
  await page.clock.runFor(20_000)
  await expect(notice).toBeVisible()
  await page.mouse.move(0, 0)
  await page.clock.runFor(8_000)
  await expect(notice).toBeHidden()

  await failRollover()
  await notice.getByRole('button', { name: 'Dismiss' }).focus()
  await page.clock.runFor(20_000)
  await expect(notice).toBeVisible()
  await expectAccessible(page)
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toBeHidden()
})

test('a form whose checks cannot load sends nothing and says so, keeping what was typed; they load on the next submit', async ({
  page,
}) => {
  const checks = '**/assets/enrollment-schema-*.js'
  let refused = 0
  await page.route(checks, (route) => {
    refused++
    return route.abort('failed')
  })
  let documents = 0
  const submitted: string[] = []
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++
    if (request.method() === 'POST' && request.url().includes('/api/enrollments')) {
      submitted.push(request.url())
    }
  })
  await page.goto('/chevy/enrollment/dealer')
  // The checks load once the form is shown; their failure reloads nothing (not a route's chunk).
  await expect.poll(() => refused).toBe(1)
  const name = page.getByLabel('Dealer Name')
  await name.fill('Unchecked Chevrolet')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(
    page.getByText('The form could not be checked just now. Please try again.'),
  ).toBeVisible()
  await expect(name).toHaveValue('Unchecked Chevrolet')
  await page.unroute(checks)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Please check above for errors.')).toBeVisible()
  await expect(name).toHaveValue('Unchecked Chevrolet')
  expect(submitted).toEqual([])
  expect(documents).toBe(1)
})

test('a chunk the form asks for once shown never reloads the page when it fails to load: what was typed stays', async ({
  page,
}) => {
  const windowing = '**/assets/windowed-dealer-rows-*.js'
  await page.route(windowing, (route) => route.abort('failed'))
  let documents = 0
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents++
  })
  await page.goto('/chevy/enrollment/lma')
  const lmaName = page.getByRole('combobox', { name: 'LMA Name' })
  await lmaName.fill('Kept Through A Failed Chunk')
  // From 10 rows the table asks for its windowing, which fails: the rows stay, all of them.
  const addFive = page.getByRole('button', { name: 'Add 5 Dealers' })
  for (let rows = 1; rows < 26; rows += 5) await addFive.click()
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '27')
  await expect(page.getByRole('textbox', { name: /^BAC, dealer/ })).toHaveCount(26)
  await expect(lmaName).toHaveValue('Kept Through A Failed Chunk')
  expect(documents).toBe(1)
})
