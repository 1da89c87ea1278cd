import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { signIn, submitDealer } from './support/admin'
import { freshName, submitLmaThroughApi, waitForMail } from './support/enrollment-data'

test('logged out, the admin area asks to log in', async ({ page }) => {
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible()
  await expect(page.getByText('You must log in to use this site.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Click Here to Login' })).toBeVisible()
  await expectAccessible(page)
})

test('an administrator signs in, filters and pages the list, and logs out', async ({ page }) => {
  await signIn(page, 'admin@example.com', { throughTheForm: true })
  await expect(page.getByText('Ada Admin · Administrator')).toBeVisible()
  await expect(page.getByText('IT support:')).toBeVisible()
  const rows = page.locator('.list-table tbody tr')
  await expect(rows.first().locator('td[data-label="Year"]')).toHaveText('2025')
  await page.getByRole('button', { name: 'Previous year' }).click()
  await expect(page.getByText('2024', { exact: true })).toBeVisible()
  // While 2024 loads, the 2025 rows stay dimmed, open nothing and say whose they are.
  await expect(page.getByText('Showing 2025 while 2024 loads.')).toBeVisible()
  await expect(page.locator('[inert] .list-table')).toBeVisible()
  // The demo's current year has enrollments too: wait until the list shows the year asked for.
  await expect(rows.first().locator('td[data-label="Year"]')).toHaveText('2024')
  await expect(page.getByText('Showing 2025 while 2024 loads.')).toHaveCount(0)
  await expect(page.locator('[inert] .list-table')).toHaveCount(0)
  await expect(rows).toHaveCount(20)
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  const pages = Number(
    (await page.getByText(/^Page 1 of \d+$/).textContent())?.match(/of (\d+)/)?.[1],
  )
  expect(pages).toBeGreaterThanOrEqual(3)
  await page.getByRole('button', { name: 'Next Page' }).click()
  await expect(page.getByText(`Page 2 of ${pages}`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Previous Page' })).toBeEnabled()
  await expectAccessible(page)

  await page.getByLabel('Type').selectOption('Lma')
  await expect(page.getByText('Page 1 of 1')).toBeVisible()
  await expect(rows.first().locator('td[data-label="Type"]')).toHaveText('LMA')
  await expect(rows.first().locator('td[data-label="BAC"]')).toHaveText('')
  await page.getByLabel('Type').selectOption('')
  await page.getByLabel('Status').selectOption('Declined')
  await expect(rows.first().locator('.status')).toHaveText('Declined')
  await page.getByLabel('Status').selectOption('')
  const bac = (await rows.nth(3).locator('td[data-label="BAC"]').textContent()) ?? ''
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(`  ${bac} `)
  await expect(rows).toHaveCount(1)
  await expect(rows.first().locator('td[data-label="BAC"]')).toHaveText(bac)
  await page
    .getByPlaceholder('Search by BAC, name, email or zip code...')
    .fill('no such dealer anywhere')
  await expect(page.getByText('No enrollments to display.')).toBeVisible()

  await page.getByRole('link', { name: 'Log out' }).click()
  await page.getByRole('button', { name: 'Yes, sign me out' }).click()
  await page.waitForURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible()
})

test('a Type or Status filter shows the loaded year filtered at once, then fetches the list again', async ({
  page,
}) => {
  await signIn(page)
  await page.getByRole('button', { name: 'Previous year' }).click()
  const rows = page.locator('.list-table tbody tr')
  // The demo's current year has enrollments too: wait until the list shows the year asked for.
  await expect(rows.first().locator('td[data-label="Year"]')).toHaveText('2024')
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible()
  await expect(rows).toHaveCount(20)
  // The server's answer for the filter is held back: what shows comes from the loaded year.
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  const asked: string[] = []
  await page.route('**/api/enrollments?*', async (route) => {
    const url = new URL(route.request().url())
    if (!url.searchParams.has('type') && !url.searchParams.has('status')) return route.continue()
    asked.push(url.search)
    await held
    // A request the list gave up on (a newer filter came within the debounce) is gone already.
    await route.continue().catch(() => {})
  })
  await page.getByLabel('Type').selectOption('Lma')
  await expect(page.getByText('Page 1 of 1')).toBeVisible()
  await expect(rows.locator('td[data-label="Type"]')).toHaveText(
    Array(await rows.count()).fill('LMA'),
  )
  await page.getByLabel('Status').selectOption('Approved')
  await expect(rows.first().locator('.status')).toHaveText('Approved')
  await expect(rows.locator('td[data-label="Type"]').filter({ hasNotText: 'LMA' })).toHaveCount(0)
  // The list is still fetched for the new filters (debounced), and the bar runs until it is.
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toBeVisible()
  await expect.poll(() => asked.at(-1)).toBe('?year=2024&status=Approved&type=Lma')
  release()
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
  await expect(rows.first().locator('.status')).toHaveText('Approved')
})

test('edit and save, then approve a dealer: toasts, list row and the approval email', async ({
  page,
}) => {
  const name = freshName('Approval Motors')
  const dealer = await submitDealer(page, name)
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  const row = page.locator('.list-table tbody tr').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled()

  await dialog.getByLabel('City').fill('East Lansing')
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await expect(dialog.getByText('Region is required.')).toHaveCount(0)
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(dialog.getByText('Region is required.')).toBeVisible()
  await dialog.getByLabel('Region').selectOption({ label: 'Great Lakes' })
  await dialog.getByRole('button', { name: 'Save Changes' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Changes saved.')).toBeVisible()

  await dialog.getByRole('button', { name: 'Approve' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Enrollment approved.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row.locator('.status')).toHaveText('Approved')
  const mail = await waitForMail(page, dealer.dealers[0]?.authEmailAddress ?? '', /approved/i)
  expect(mail.subject).toMatch(/approved/i)
})

test('decline, re-authorize and delete, each confirmed, with its toast and the row updated', async ({
  page,
}) => {
  const declined = freshName('Decline Motors')
  const deleted = freshName('Delete Motors')
  await submitDealer(page, declined)
  await submitDealer(page, deleted)
  await signIn(page)
  const search = page.getByPlaceholder('Search by BAC, name, email or zip code...')

  await search.fill(declined)
  const row = page.locator('.list-table tbody tr').filter({ hasText: declined })
  await row.getByRole('button', { name: declined }).click()
  const dialog = page.getByRole('dialog', { name: `${declined} - Approving` })
  await dialog.getByRole('button', { name: 'Decline' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'No' })
    .click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Decline' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Enrollment declined.')).toBeVisible()
  await expect(row.locator('.status')).toHaveText('Declined')

  await search.fill(deleted)
  const deletedRow = page.locator('.list-table tbody tr').filter({ hasText: deleted })
  await deletedRow.getByRole('button', { name: deleted }).click()
  await page
    .getByRole('dialog', { name: `${deleted} - Approving` })
    .getByRole('button', { name: 'Delete' })
    .click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Enrollment deleted.')).toBeVisible()
  await expect(deletedRow.locator('.status')).toHaveText('Deleted')
})

test('an LMA is re-authorized, approved, and its link then shows the approved banner read-only', async ({
  page,
}) => {
  const lmaName = freshName('Valley LMA')
  const repEmail = `rep-${Date.now()}@valley.example`
  const guid = await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail,
    regionId: 3,
    dealers: [{ bac: '88000001', name: 'Valley Chevrolet', kitSize: 'Large', hispanic: 'Only' }],
  })
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(lmaName)
  const row = page.locator('.list-table tbody tr').filter({ hasText: lmaName })
  await row.getByRole('button', { name: lmaName }).click()
  const dialog = page.getByRole('dialog', { name: `${lmaName} - Authorizing` })
  await dialog.getByRole('button', { name: 'Re-authorize' }).click()
  const prompt = page.getByRole('dialog', { name: 'Please confirm' })
  await prompt.getByRole('textbox', { name: /^Reason/ }).fill('Please add dealer 118008')
  await prompt.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText('Authorization requested.')).toBeVisible()
  await expect(row.locator('.status')).toHaveText('Authorizing')

  // Sent back: the mail says so and why, and so does the page the link opens, beside the banner.
  const sentBack = await waitForMail(page, repEmail, /^Sent back by the program office: /)
  expect(sentBack.text).toContain('Their reason: Please add dealer 118008')
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByText('Authorization Requested')).toBeVisible()
  // In the words of the status page and the mail (sentBackWords).
  await expect(page.locator('.banner__sent-back')).toHaveText(
    /^Sent back by the program office on .+ to be reviewed and authorized again\.\s*Their reason: Please add dealer 118008$/,
  )
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    await page.screenshot({ path: `test-results/admin/sent-back-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/admin')
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(lmaName)

  await row.getByRole('button', { name: lmaName }).click()
  await page
    .getByRole('dialog', { name: `${lmaName} - Authorizing` })
    .getByRole('button', { name: 'Approve' })
    .click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Enrollment approved.')).toBeVisible()
  await expect(row.locator('.status')).toHaveText('Approved')

  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByText('Enrollment Approved')).toBeVisible()
  await expect(page.getByText('No further changes can be made.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'LMA Name' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)
})

test('closing with unsaved changes asks first', async ({ page }) => {
  const name = freshName('Unsaved Motors')
  await submitDealer(page, name)
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  await page
    .locator('.list-table tbody tr')
    .filter({ hasText: name })
    .getByRole('button', { name })
    .click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
  await dialog.getByLabel('Dealer Name').fill(`${name} Changed`)
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  const question = page.getByRole('dialog', { name: 'Please confirm' })
  await expect(
    question.getByText(
      'You have unsaved changes. Do you really want to close without saving them?',
    ),
  ).toBeVisible()
  await question.getByRole('button', { name: 'No' }).click()
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).first().click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(dialog).toBeHidden()
})
