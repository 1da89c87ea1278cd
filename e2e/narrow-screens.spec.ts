import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible, targetsUnder24px } from './support/accessibility'
import { signIn, submitDealer } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'
import { OPEN_URL } from './support/servers'

const PHONE = 390
const SMALLEST = 320

/** Whether the page itself scrolls sideways (WCAG 1.4.10 reflow asks that it does not). */
function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
}

/**
 * The visible elements that reach past the viewport's left or right edge, so are cut off
 * even where the page hides its overflow. An element counts with the part of it that its
 * clipping ancestors (visually hidden text, a scroll container) let show. Elements inside
 * `skip`, and the skip link, which waits off screen until focused, are left out.
 */
function elementsOffScreen(page: Page, skip = ''): Promise<string[]> {
  return page.evaluate((skipSelector) => {
    const width = window.innerWidth
    const clips = (element: Element) => {
      const style = getComputedStyle(element)
      return style.overflowX !== 'visible' || style.clip !== 'auto'
    }
    const off: string[] = []
    for (const element of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (element.closest('.skip-link')) continue
      if (skipSelector && element.closest(skipSelector)) continue
      const box = element.getBoundingClientRect()
      let left = box.left
      let right = box.right
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (!clips(parent)) continue
        const bounds = parent.getBoundingClientRect()
        left = Math.max(left, bounds.left)
        right = Math.min(right, bounds.right)
      }
      if (right - left <= 0 || box.height === 0) continue
      if (left < -0.5 || right > width + 0.5) {
        off.push(`${element.tagName.toLowerCase()}.${element.className} ${left}..${right}`)
      }
    }
    return off
  }, skip)
}

/** How many line boxes an inline element is laid out in. */
function lineBoxes(locator: Locator): Promise<number> {
  return locator.evaluate((element) => element.getClientRects().length)
}

async function headerHeight(page: Page): Promise<number> {
  const box = await page.locator('header.site-header').boundingBox()
  return box?.height ?? Number.POSITIVE_INFINITY
}

const PUBLIC_PAGES = [
  { name: 'the closed enrollment index', url: '/chevy/enrollment', title: 'Dealer Enrollment' },
  {
    name: 'the open enrollment index',
    url: `${OPEN_URL}/gm/enrollment`,
    title: 'Dealer Enrollment',
  },
  { name: 'the dealer form', url: '/chevy/enrollment/dealer', title: 'Dealer Enrollment' },
  { name: 'the LMA form', url: '/chevy/enrollment/lma', title: 'LMA Enrollment' },
  { name: 'the confirmation', url: '/chevy/enrollment/confirmation', title: 'Thank You' },
  {
    name: 'the duplicate page',
    url: '/chevy/enrollment/duplicate',
    title: 'Enrollment Already Received',
  },
  { name: 'the declined page', url: '/chevy/enrollment/declined', title: 'Enrollment Declined' },
  { name: 'the error page', url: '/chevy/enrollment/error', title: 'Error' },
  { name: 'the not-found page', url: '/gm/enrollment/nowhere', title: 'Page Not Found' },
]

for (const width of [SMALLEST, PHONE]) {
  for (const publicPage of PUBLIC_PAGES) {
    test(`${publicPage.name} reflows at ${width} px: nothing scrolls sideways or is cut off`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(publicPage.url)
      await expect(page.getByRole('heading', { level: 1, name: publicPage.title })).toBeVisible()

      // The LMA form's dealer table has its own narrow layout, owned by the dealer table.
      const skip = publicPage.url.endsWith('/lma') ? '.dealer-table' : ''
      if (!skip) expect(await pageScrollsSideways(page)).toBe(false)
      expect(await elementsOffScreen(page, skip)).toEqual([])

      // The header keeps to two lines of title beside a smaller logo.
      expect(await headerHeight(page)).toBeLessThanOrEqual(96)
      // The support phone number is one unbroken line.
      const phone = page.locator('.site-footer a[href^="tel:"]')
      expect(await lineBoxes(phone)).toBe(1)
      // Every target (the LMA form's checkbox among them) is at least 24 by 24 px.
      expect(await targetsUnder24px(page)).toEqual([])
      await expectAccessible(page)
    })
  }
}

test('the duplicate page says Enrollment Already Received once, as its heading', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/duplicate')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Enrollment Already Received' }),
  ).toBeVisible()
  await expect(page.getByText('Enrollment Already Received')).toHaveCount(1)
})

/** The left edge of the logo's drawn mark (its first column unlike the header's background). */
async function logoInkLeft(page: Page): Promise<number> {
  const logo = page.locator('.site-header__logo')
  await expect(logo).toHaveJSProperty('complete', true)
  return logo.evaluate((image: HTMLImageElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = image.naturalWidth
    canvas.height = image.naturalHeight
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    context.drawImage(image, 0, 0)
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
    const header = image.closest('header') ?? document.body
    const background = (getComputedStyle(header).backgroundColor.match(/\d+/g) ?? [])
      .slice(0, 3)
      .map(Number)
    const isMark = (x: number, y: number) => {
      const at = (y * canvas.width + x) * 4
      if ((data[at + 3] ?? 0) < 128) return false
      const distance = [0, 1, 2].reduce(
        (sum, channel) => sum + Math.abs((data[at + channel] ?? 0) - (background[channel] ?? 0)),
        0,
      )
      return distance > 60
    }
    for (let x = 0; x < canvas.width; x++) {
      for (let y = 0; y < canvas.height; y++) {
        if (isMark(x, y)) {
          const box = image.getBoundingClientRect()
          return box.left + (x * box.width) / canvas.width
        }
      }
    }
    throw new Error('the logo draws nothing')
  })
}

/** The left edge of the page title's text. */
function titleTextLeft(page: Page): Promise<number> {
  return page.locator('.page-title-bar__title').evaluate((heading) => {
    const range = document.createRange()
    range.selectNodeContents(heading)
    return range.getClientRects()[0]?.left ?? Number.NaN
  })
}

for (const width of [1280, PHONE]) {
  for (const brand of ['gm', 'chevy']) {
    test(`the ${brand} logo lines up with the page title at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto(`/${brand}/enrollment`)
      const logo = await logoInkLeft(page)
      const title = await titleTextLeft(page)
      expect(Math.abs(logo - title)).toBeLessThanOrEqual(3)
    })
  }
}

test('the admin list and header fit a phone: no sideways page, a short header, whole rows', async ({
  page,
}) => {
  const name = freshName('Northwestern Suburban Chevrolet Buick GMC Cadillac of Greater Lansing')
  const { dealers } = await submitDealer(page, name)
  await signIn(page)
  await page.setViewportSize({ width: PHONE, height: 800 })
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  const row = page.locator('.list-table tbody tr').filter({ hasText: name })
  await expect(row).toHaveCount(1)

  expect(await pageScrollsSideways(page)).toBe(false)
  expect(await elementsOffScreen(page)).toEqual([])
  expect(await headerHeight(page)).toBeLessThanOrEqual(120)
  await expect(page.getByRole('link', { name: 'Log out' })).toBeInViewport({ ratio: 1 })
  await expect(page.getByRole('button', { name: 'Reports' })).toBeInViewport({ ratio: 1 })

  // Each enrollment shows whole, with what identifies it, and its name still opens it.
  await row.scrollIntoViewIfNeeded()
  await expect(row.getByRole('button', { name })).toBeInViewport()
  await expect(row).toContainText(dealers[0]?.bac ?? '')
  await expect(row).toContainText('Approving')
  await expect(row.locator('.status')).toBeInViewport({ ratio: 1 })
  // The IT support phone number stays on one line.
  expect(await lineBoxes(page.locator('.site-footer a[href^="tel:"]'))).toBe(1)
  // Every target (the checkboxes, the names that open a row, Log out) is at least 24 by 24 px.
  expect(await targetsUnder24px(page)).toEqual([])
  await expectAccessible(page)

  await row.getByRole('button', { name }).click()
  await expect(page.getByRole('dialog', { name: `${name} - Approving` })).toBeVisible()
})

test('the admin header keeps to one line at 1280 px', async ({ page }) => {
  await signIn(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  // Measured once the header holds all it shows: the user's name and role come with the session.
  await expect(page.getByText('Ada Admin · Administrator')).toBeVisible()
  expect(await headerHeight(page)).toBeLessThanOrEqual(80)
  const title = page.locator('.site-header__title')
  expect(await lineBoxes(title)).toBe(1)
})

async function idToken(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) {
      if (key.startsWith('oidc.user:'))
        return JSON.parse(sessionStorage.getItem(key) ?? '{}').id_token
    }
    throw new Error('not signed in')
  })
}

test('View Invoice opens the invoice with this tab as its opener, and the invoice fits a phone', async ({
  page,
  context,
}) => {
  const lmaName = freshName('Greater Metropolitan Area Chevrolet Dealers Association')
  const guid = await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail: `rep-${Date.now()}@metro.example`,
    invoiceEmail: `accounting-department-${Date.now()}@greatermetropolitanareadealers.example.com`,
    dealers: [
      { bac: freshBac(), name: 'Metro Chevrolet 1', kitSize: 'Large', hispanic: 'Yes' },
      { bac: freshBac(), name: 'Metro Chevrolet 2', kitSize: 'Small', hispanic: 'Only' },
    ],
  })
  await signIn(page)
  const approved = await page.request.post(`/api/enrollments/${guid}/approve`, {
    headers: { authorization: `Bearer ${await idToken(page)}` },
  })
  expect(approved.status()).toBe(200)

  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(lmaName)
  await page.getByRole('button', { name: lmaName }).click()
  const link = page.getByRole('link', { name: 'View Invoice' })
  // The invoice tab starts with this tab's sign-in, which the browser copies only to a tab
  // that has an opener.
  await expect(link).toHaveAttribute('rel', 'opener')
  const [invoicePage] = await Promise.all([context.waitForEvent('page'), link.click()])
  expect(await invoicePage.evaluate(() => window.opener !== null)).toBe(true)
  await expect(invoicePage.locator('.invoice')).toBeVisible()

  for (const width of [PHONE, SMALLEST]) {
    await invoicePage.setViewportSize({ width, height: 800 })
    expect(await pageScrollsSideways(invoicePage), `sideways at ${width}`).toBe(false)
    expect(await elementsOffScreen(invoicePage)).toEqual([])
    // The items keep to the sheet: no column waits behind a sideways scroll.
    const items = invoicePage.locator('.invoice__items')
    const overhang = await items.evaluate((table) => {
      const sheet = table.closest('.invoice')?.getBoundingClientRect()
      return table.getBoundingClientRect().right - (sheet?.right ?? 0)
    })
    expect(overhang).toBeLessThanOrEqual(0)
    const total = await invoicePage.locator('tr', { hasText: 'Grand Total' }).boundingBox()
    expect(total && total.x + total.width).toBeLessThanOrEqual(width)
    await expectAccessible(invoicePage)
  }
})
