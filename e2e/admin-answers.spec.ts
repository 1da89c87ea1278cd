import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn, submitDealer } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

/**
 * The admin area's answers come through one query cache (docs/decisions.md, "Admin data through
 * TanStack Query"): what is on screen stays while it loads again, an action makes every open
 * screen show what it changed, and nothing is asked again because the window got the focus.
 */

/** Requests to the API from `page` while `during` runs. */
async function apiRequestsDuring(page: Page, during: () => Promise<void>): Promise<string[]> {
  const asked: string[] = []
  const listener = (request: { url(): string }) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`)
  }
  page.on('request', listener)
  await during()
  page.off('request', listener)
  return asked
}

/** The window loses the focus and gets it back, as when the administrator visits another tab. */
async function leaveAndComeBack(page: Page): Promise<void> {
  const other = await page.context().newPage()
  await other.bringToFront()
  await page.bringToFront()
  await other.close()
  await page.evaluate(() => {
    window.dispatchEvent(new Event('visibilitychange'))
    window.dispatchEvent(new Event('focus'))
    window.dispatchEvent(new Event('online'))
  })
  // Time enough for any reload to have started.
  await page.waitForTimeout(1000)
}

test('stepping the dashboard to another year keeps the figures on screen until the new ones come', async ({
  page,
}) => {
  await signIn(page)
  await page.goto('/admin/dashboard?year=2025')
  const intro2025 = page.getByText('The 2025 program has closed', { exact: false })
  await expect(intro2025).toBeVisible()
  const figures = page.locator('section.dashboard')
  const approved = page.locator('.figure-card').filter({ hasText: 'Approved' }).getByRole('link')
  const shown = await approved.textContent()

  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => url.pathname === '/api/dashboard' && url.searchParams.get('year') === '2024',
    async (route) => {
      await held
      await route.continue()
    },
  )
  await page.getByRole('button', { name: 'Previous year' }).click()
  await expect(page).toHaveURL(/year=2024/)
  // 2025's figures stay, marked busy; never a blank 'Please wait...' between the years.
  await expect(page.getByText('Please wait...')).toHaveCount(0)
  await expect(intro2025).toBeVisible()
  await expect(approved).toHaveText(shown ?? '')
  await expect(figures).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('progressbar', { name: 'Loading the dashboard' })).toBeVisible()
  await expectAccessible(page)

  release()
  await expect(page.getByText('The 2024 program has closed', { exact: false })).toBeVisible()
  await expect(figures).not.toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('progressbar', { name: 'Loading the dashboard' })).toHaveCount(0)

  // Back to 2025: its figures are there at once, from the cache, while they are asked again.
  await page.getByRole('button', { name: 'Next year' }).click()
  await expect(intro2025).toBeVisible()
  await expect(page.getByText('Please wait...')).toHaveCount(0)
})

test('marking an invoice paid in the dialog updates the list under it and the open history', async ({
  page,
}) => {
  const name = freshName('Truthful')
  const guid = await submitLmaThroughApi(page, {
    name,
    repEmail: `rep.${freshBac()}@valley.example`,
    dealers: [{ bac: freshBac(), name: `${name} Motors`, kitSize: 'Large', hispanic: 'No' }],
  })
  await signIn(page)
  expect((await adminRequest(page, 'POST', `/api/enrollments/${guid}/approve`)).status()).toBe(200)
  // The dashboard's "Unpaid, not yet due" list, searched for this LMA.
  await page.goto(`/admin?type=LMA&invoice=unpaid&q=${encodeURIComponent(name)}`)
  const rows = page.locator('.list-table tbody tr')
  await expect(rows).toHaveCount(1)
  await rows.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approved` })
  await dialog.getByText('History', { exact: true }).click()
  const history = dialog.locator('.history__list').first()
  await expect(history).toContainText('approved by')
  await expect(history).not.toContainText('invoice marked paid')

  const payment = dialog.getByRole('region', { name: 'Invoice payment' })
  await expect(payment).toContainText('Unpaid')
  await payment.getByLabel(/Reference/).fill('Check 2077')
  const asked = await apiRequestsDuring(page, async () => {
    await payment.getByRole('button', { name: 'Mark Paid' }).click()
    await expect(payment).toContainText('reference Check 2077')
    // The open history shows the payment, and the list under the dialog no longer holds an
    // invoice that is paid, without a reload of the page.
    await expect(history).toContainText('invoice marked paid')
    await expect(rows).toHaveCount(0)
  })
  expect(asked).toContain(`/api/enrollments/${guid}/history`)
  expect(asked.some((path) => path.startsWith('/api/enrollments?'))).toBe(true)
  // The dialog itself was not loaded again, nor the page.
  expect(asked).not.toContain(`/api/enrollments/${guid}`)
  expect(asked).not.toContain('/api/config')

  await dialog.getByRole('button', { name: 'Close', exact: true }).click()
  await expect(page.getByText('No enrollments to display.')).toBeVisible()
})

test('after an action the list asks only for what changed, and shows another administrator’s changes and deletions too', async ({
  page,
}) => {
  const prefix = freshName('Delta')
  const [mine, theirs, gone] = ['Mine', 'Theirs', 'Gone'].map((who) => `${prefix} ${who} Motors`)
  for (const name of [mine, theirs, gone]) await submitDealer(page, name ?? '')
  await signIn(page)
  const guidOf = async (name: string) => {
    const answer = await adminRequest(
      page,
      'GET',
      `/api/enrollments?search=${encodeURIComponent(name)}`,
    )
    return ((await answer.json()) as { guid: string }[])[0]?.guid ?? ''
  }
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(prefix)
  const rows = page.locator('.list-table tbody tr')
  await expect(rows).toHaveCount(3)
  // Another administrator approves one and deletes another, unseen by this page.
  expect(
    (
      await adminRequest(page, 'POST', `/api/enrollments/${await guidOf(theirs ?? '')}/approve`)
    ).status(),
  ).toBe(200)
  expect(
    (
      await adminRequest(page, 'POST', `/api/enrollments/${await guidOf(gone ?? '')}/delete`)
    ).status(),
  ).toBe(200)

  const asked = await apiRequestsDuring(page, async () => {
    await rows.getByRole('button', { name: mine }).click()
    const dialog = page.getByRole('dialog', { name: `${mine} - Approving` })
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Yes' })
      .click()
    await expect(page.getByText('Enrollment declined.')).toBeVisible()
    // The dialog closes after a decline; the row that was deleted elsewhere is gone.
    await expect(dialog).toHaveCount(0)
    await expect(rows).toHaveCount(2)
    await expect(rows.filter({ hasText: mine }).locator('.status')).toHaveText('Declined')
    await expect(rows.filter({ hasText: theirs }).locator('.status')).toHaveText('Approved')
  })
  expect(
    asked.some((path) => path.startsWith('/api/enrollments/changes?')),
    asked.join(' '),
  ).toBe(true)
  expect(asked.some((path) => path.startsWith('/api/enrollments?'))).toBe(false)
})

test('nothing is asked again when the window gets the focus back', async ({ page }) => {
  await signIn(page)
  await expect(page.locator('.list-table tbody tr').first()).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
  expect(await apiRequestsDuring(page, () => leaveAndComeBack(page))).toEqual([])

  await page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: 'Dashboard' })
    .click()
  await expect(page.locator('.figure-card').first()).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Loading the dashboard' })).toHaveCount(0)
  expect(await apiRequestsDuring(page, () => leaveAndComeBack(page))).toEqual([])
})
