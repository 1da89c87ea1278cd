import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn, submitDealer } from './support/admin'
import { freshName } from './support/enrollment-data'

const YEAR = 2025

async function listCount(page: Page, query: string): Promise<number> {
  const response = await adminRequest(page, 'GET', `/api/enrollments?${query}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as unknown[]).length
}

/** The value of a figure card, by its label. */
function figure(page: Page, label: string) {
  return page.locator('.figure-card').filter({ has: page.getByText(label, { exact: true }) })
}

test('the dashboard shows the year beside last year, each figure linking to the filtered list', async ({
  page,
}) => {
  await signIn(page)
  const tabs = page.getByRole('navigation', { name: 'Admin pages' })
  await expect(tabs.getByRole('link', { name: 'Enrollments' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await tabs.getByRole('link', { name: 'Dashboard' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  // The program's calendar (October 1 to December 31 of 2025) has closed the demo's year: the
  // day stops at its last, and last year is compared in full.
  await expect(
    page.getByText(
      'The 2025 program has closed: day 457 was its last, compared with 2024 on the same day of its program (Dec 31, 2024).',
    ),
  ).toBeVisible()

  // Each status figure is what the list of that status holds, and links there.
  for (const status of ['Approved', 'Approving', 'Authorizing', 'Declined']) {
    const card = figure(page, status)
    // Other workers' tests change the year's enrollments meanwhile: the figure is read again
    // after the count until the two are of the same moment.
    await expect(async () => {
      const count = await listCount(page, `year=${YEAR}&status=${status}`)
      await page.reload()
      await expect(card.getByRole('link')).toHaveText(String(count), { timeout: 3000 })
    }).toPass({ timeout: 30_000 })
    await expect(card.getByRole('link')).toHaveAttribute(
      'href',
      `/admin?year=${YEAR}&status=${status}`,
    )
    await expect(card.getByText(/^Last year: \d+ · /)).toBeVisible()
  }
  const lmas = await listCount(page, `year=${YEAR}&type=Lma`)
  await expect(figure(page, 'LMA enrollments').getByRole('link')).toHaveText(String(lmas))
  await expect(figure(page, 'LMA enrollments').getByRole('link')).toHaveAttribute(
    'href',
    `/admin?year=${YEAR}&type=LMA`,
  )
  await expect(figure(page, 'Amount pending approval').getByRole('link')).toHaveAttribute(
    'href',
    `/admin?year=${YEAR}&status=Approving&type=LMA`,
  )
  await expect(figure(page, 'Amount invoiced').getByRole('link')).toHaveText(/^\$[\d,]+\.\d\d$/)
  // Paid, unpaid and overdue split the amount invoiced; the overdue figure opens the LMAs with an
  // overdue invoice.
  const dollars = async (label: string) =>
    Number(
      ((await figure(page, label).locator('.figure-card__value').textContent()) ?? '').replace(
        /[$,]/g,
        '',
      ),
    )
  const parts =
    (await dollars('Paid')) + (await dollars('Unpaid, not yet due')) + (await dollars('Overdue'))
  expect(parts).toBeCloseTo(await dollars('Amount invoiced'), 2)
  await expect(figure(page, 'Overdue').getByRole('link')).toHaveAttribute(
    'href',
    `/admin?year=${YEAR}&type=LMA&attention=overdue-invoice`,
  )
  await expect(figure(page, 'More than 7 days').getByRole('link')).toHaveAttribute(
    'href',
    `/admin?year=${YEAR}&status=Authorizing&type=LMA&waiting=7`,
  )
  await expectAccessible(page)

  // A new dealer enrollment is Approving: the figure counts it on the next visit, as the list
  // does (other tests change the year's enrollments meanwhile: the two are read together).
  await submitDealer(page, freshName('Dashboard Motors'))
  await expect
    .poll(async () => {
      await page.reload()
      const shown = await figure(page, 'Approving').getByRole('link').textContent()
      return Number(shown) - (await listCount(page, `year=${YEAR}&status=Approving`))
    })
    .toBe(0)

  // Following a figure opens the list with its filters in the address.
  await figure(page, 'Declined').getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/admin\\?year=${YEAR}&status=Declined$`))
})

/** The amounts in the figure cards that a line break cuts in two (none may be). */
function brokenAmounts(page: Page): Promise<string[]> {
  return page.locator('.figure-card').evaluateAll((cards) =>
    cards.flatMap((card) => {
      const walker = document.createTreeWalker(card, NodeFilter.SHOW_TEXT)
      const broken: string[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const match of (node.nodeValue ?? '').matchAll(/[+\u2212-]?\$[\d,]+\.\d\d/g)) {
          const range = document.createRange()
          range.setStart(node, match.index)
          range.setEnd(node, match.index + match[0].length)
          if (range.getClientRects().length > 1) broken.push(match[0])
        }
      }
      return broken
    }),
  )
}

/** `text` as a pattern, at the start ('^'), the end ('$') or anywhere in the results line. */
function within(text: string, anchor: '^' | '$' | '' = ''): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(anchor === '^' ? `^${escaped}` : anchor === '$' ? `${escaped}$` : escaped)
}

test('every figure opens a list whose results line shows that figure', async ({ page }) => {
  await signIn(page)
  const results = page.getByRole('status').filter({ hasText: 'enrollment' })
  // [card label, what the list's results line says that equals it]
  const figures: Array<[string, (value: string) => RegExp]> = [
    ['Dealers covered', (value) => within(`, ${value} dealer`)],
    ['Kits ordered', (value) => within(`, ${value} kit`)],
    ['Amount invoiced', (value) => within(`amount ${value}`, '$')],
    ['Paid', (value) => within(`amount ${value}`, '$')],
    ['Unpaid, not yet due', (value) => within(`amount ${value}`, '$')],
    ['Amount pending approval', (value) => within(`amount ${value}`, '$')],
    ['More than 7 days', (value) => within(`${value} enrollment`, '^')],
    ['More than 14 days', (value) => within(`${value} enrollment`, '^')],
    ['More than 30 days', (value) => within(`${value} enrollment`, '^')],
  ]
  for (const [label, shows] of figures) {
    // The figure and its list read at one moment: other workers' tests change the year in
    // between (a run read 211 kits, then a list of 212), so a pair that differs is read again.
    await expect(async () => {
      await page.goto(`/admin/dashboard?year=${YEAR}`)
      const link = figure(page, label).getByRole('link')
      const value = (await link.textContent()) ?? ''
      await link.click()
      await expect(page).toHaveURL(/\/admin\?/)
      await expect(results, label).toHaveText(shows(value), { timeout: 5_000 })
    }).toPass({ timeout: 45_000 })
  }
  // The filter that no drop-down offers is said above the list, with a way out.
  await expect(page.getByText('Only: Authorization waiting more than 30 days')).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Remove this filter' }).click()
  // The enrollment year is the list's default: the address leaves it out.
  await expect(page).toHaveURL(/\/admin\?type=Lma&status=Authorizing$/)
})

test('the brand and year are in the address, and the tabs keep them', async ({ page }) => {
  await signIn(page)
  await page.goto('/admin/dashboard')
  const all = Number(await figure(page, 'Dealer enrollments').getByRole('link').textContent())
  await page.getByLabel('Brand').selectOption('chevy')
  await expect(page).toHaveURL(/\/admin\/dashboard\?year=2025&brand=chevy$/)
  const listed = await adminRequest(page, 'GET', `/api/enrollments?year=${YEAR}&type=Dealer`)
  const rows = (await listed.json()) as Array<{ brand: string }>
  const chevy = rows.filter((row) => row.brand === 'chevy').length
  const link = figure(page, 'Dealer enrollments').getByRole('link')
  await expect(link).toHaveAttribute('href', `/admin?year=${YEAR}&brand=chevy&type=Dealer`)
  await expect(link).toHaveText(String(chevy))
  expect(chevy).toBeLessThan(all)
  expect(chevy).toBeGreaterThan(0)

  await page.getByRole('button', { name: 'Previous year' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard\?year=2024&brand=chevy$/)
  await expect(
    page.getByText('The 2024 program has closed: day 458 was its last', { exact: false }),
  ).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Brand')).toHaveValue('chevy')
  await expect(page.getByRole('group', { name: 'Year' }).getByText('2024')).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: 'Enrollments' })
    .click()
  await expect(page).toHaveURL(/\/admin\?year=2024&brand=chevy$/)
})

test('each chart has a name, a summary and its numbers as a table, by keyboard; axe passes at 390 px', async ({
  page,
}) => {
  await signIn(page)
  // Amounts as long as a program's: none is broken inside at any width.
  await page.route('**/api/dashboard?*', async (route) => {
    const answer = await route.fetch()
    const body = await answer.json()
    body.invoiced = { current: 11300, previous: 1234567.89 }
    body.pendingApproval = { current: 1234567.89, previous: 11300 }
    await route.fulfill({ response: answer, json: body })
  })
  await page.goto(`/admin/dashboard?year=${YEAR}`)
  for (const width of [1024, 1152, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await expect(page.locator('.figure-card__value').getByText('$11,300.00')).toBeVisible()
    expect(await brokenAmounts(page), `at ${width} px`).toEqual([])
  }
  for (const title of ['Submissions per week', 'Status mix', 'Dealers ordering kits, by region']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${title}\\. `) })).toBeVisible()
  }
  const weekly = page.getByRole('figure').filter({ hasText: 'Submissions per week' })
  const toggle = weekly.getByRole('button', { name: 'Show as a table' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(weekly.getByRole('table')).toBeHidden()
  await toggle.focus()
  await page.keyboard.press('Enter')
  await expect(weekly.getByRole('button', { name: 'Hide the table' })).toBeFocused()
  await expect(weekly.getByRole('button', { name: 'Hide the table' })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  const table = weekly.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText(['Week', '2025', '2024'])
  // Week 1 holds the program's first submission.
  const firstWeek = table.getByRole('row').nth(1)
  await expect(firstWeek.getByRole('rowheader')).toHaveText('1')
  expect(Number(await firstWeek.getByRole('cell').first().textContent())).toBeGreaterThan(0)
  const rows = await table.getByRole('row').count()
  expect(rows).toBeGreaterThan(7) // last year ran for about 17 weeks
  await expectAccessible(page)

  await page.setViewportSize({ width: 390, height: 844 })
  // Nothing scrolls sideways, not even in the frame before Chart.js redraws at the new width…
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  expect(await brokenAmounts(page)).toEqual([])
  // …and then every chart is drawn within the phone's width.
  await expect
    .poll(() =>
      page.evaluate(() =>
        Math.max(...Array.from(document.querySelectorAll('canvas'), (c) => c.clientWidth)),
      ),
    )
    .toBeLessThanOrEqual(390)
  await expectAccessible(page)
})

test('a signed-in user who is no administrator gets no tabs to pages they cannot use', async ({
  page,
}) => {
  await signIn(page, 'viewer@example.com')
  await expect(page.getByRole('heading', { name: 'Not Authorized' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin pages' })).toHaveCount(0)
  await page.goto('/admin/dashboard')
  await expect(page.getByRole('heading', { name: 'Not Authorized' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin pages' })).toHaveCount(0)
})
