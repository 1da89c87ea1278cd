import { expect, type Route, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { OPEN_URL } from './support/servers'

const OPEN = OPEN_URL

test('/ redirects to the chevy enrollment index, which says the period has ended', async ({
  page,
}) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/chevy\/enrollment$/)
  await expect(page.getByText('The 2025 enrollment period has ended.')).toBeVisible()
  await expect(page).toHaveTitle('Dealer Enrollment - Dealer Funded POS Program')
  await expect(page.getByRole('heading', { level: 1, name: 'Dealer Enrollment' })).toBeVisible()
  await expect(page.getByText('Dealer Funded POS Program', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Ask for the links again' })).toHaveAttribute(
    'href',
    '/chevy/enrollment/status',
  )
  await expectAccessible(page)
})

test('the public layout shows the brand logo and the support links', async ({ page }) => {
  await page.goto('/gm/enrollment')
  const logo = page.getByRole('img', { name: 'GM' })
  await expect(logo).toHaveAttribute('src', '/images/logos/gm.png')
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  await expect(page.getByRole('link', { name: 'posprogram@example.com' })).toHaveAttribute(
    'href',
    'mailto:posprogram@example.com',
  )
  await expect(page.getByRole('link', { name: '1-800-555-0142' })).toHaveAttribute(
    'href',
    'tel:18005550142',
  )
})

test('/{brand} redirects to /{brand}/enrollment and an unknown brand to /', async ({ page }) => {
  await page.goto('/gm')
  await expect(page).toHaveURL(/\/gm\/enrollment$/)
  await page.goto('/ford/enrollment/dealer')
  await expect(page).toHaveURL(/\/chevy\/enrollment$/)
})

test('an open enrollment period links to both forms with the deadline', async ({ page }) => {
  await page.goto(`${OPEN}/chevy/enrollment`)
  await expect(page.getByText('Enrollment Deadline: Feb 7, 2025')).toBeVisible()
  await expect(page.getByRole('link', { name: /Dealer Enrollment Form/ })).toHaveAttribute(
    'href',
    '/chevy/enrollment/dealer',
  )
  await expect(page.getByRole('link', { name: /LMA Enrollment Form/ })).toHaveAttribute(
    'href',
    '/chevy/enrollment/lma',
  )
  await expect(page.getByRole('link', { name: 'Ask for the links again' })).toHaveAttribute(
    'href',
    '/chevy/enrollment/status',
  )
  await expectAccessible(page)
})

const OUTCOMES = [
  {
    path: 'confirmation',
    title: 'Thank You',
    text: 'Your enrollment request has been submitted for review.',
    lostMail: true,
  },
  {
    path: 'duplicate',
    title: 'Enrollment Already Received',
    text: 'Enrollment Already Received',
    lostMail: true,
  },
  {
    path: 'declined',
    title: 'Enrollment Declined',
    text: 'You have been opted out of the 2025 Dealer Funded POS Program.',
    lostMail: true,
  },
  {
    path: 'error',
    title: 'Error',
    text: 'Something went wrong on our end. Please try again later.',
    lostMail: false,
  },
]

for (const outcome of OUTCOMES) {
  test(`the ${outcome.path} page`, async ({ page }) => {
    await page.goto(`/chevy/enrollment/${outcome.path}`)
    await expect(page.getByText(outcome.text).first()).toBeVisible()
    await expect(page).toHaveTitle(`${outcome.title} - Dealer Funded POS Program`)
    // 'Lost the mail?' is linked where an enrollee who submitted comes back.
    await expect(page.getByRole('link', { name: 'Ask for the links again' })).toHaveCount(
      outcome.lostMail ? 1 : 0,
    )
    await expectAccessible(page)
  })
}

test('the confirmation page offers the survey', async ({ page }) => {
  await page.goto('/chevy/enrollment/confirmation')
  await expect(
    page.getByRole('link', { name: /tell us about your enrollment experience/ }),
  ).toHaveAttribute('href', 'https://survey.example.com/pos-program')
})

test('an unknown path shows Page not found.', async ({ page }) => {
  await page.goto('/chevy/enrollment/nowhere')
  await expect(page.getByText('Page not found.')).toBeVisible()
  await page.goto('/chevy/somewhere/else')
  await expect(page.getByText('Page not found.')).toBeVisible()
  await expectAccessible(page)
})

test('/invoice without a guid shows the error page', async ({ page }) => {
  await page.goto('/invoice')
  await expect(
    page.getByText('Something went wrong on our end. Please try again later.'),
  ).toBeVisible()
})

test('Please wait... shows while the configuration loads', async ({ page }) => {
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/api/config', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/chevy/enrollment')
  await expect(page.getByText('Please wait...')).toBeVisible()
  release()
  await expect(page.getByText('The 2025 enrollment period has ended.')).toBeVisible()
})

test('public pages never download admin code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url())
  })
  await page.goto('/chevy/enrollment')
  await page.goto('/chevy/enrollment/confirmation')
  await expect(page.getByText('Thank you!', { exact: false })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((url) => /admin/i.test(url))).toEqual([])
})

for (const form of ['dealer', 'lma']) {
  test(`the ${form} form appears whole: nothing on the page moves while it loads`, async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const shifts: number[] = []
      Object.assign(window, { layoutShifts: shifts })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          shifts.push((entry as unknown as { value: number }).value)
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // A slow network: the configuration and the form's own code arrive late.
    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 300))
      await route.continue()
    }
    await page.route('**/api/config', slow)
    await page.route('**/assets/*form*.js', slow)
    await page.goto(`${OPEN}/chevy/enrollment/${form}`)
    await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible()
    await page.waitForTimeout(500)
    expect(
      await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts),
    ).toEqual([])
  })
}
