import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { signIn } from './support/admin'
import { expectDealerRows } from './support/dealer-table'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

/*
 * The dealer table renders only the rows near the screen (docs/decisions.md): every row must
 * still be reachable by keyboard, by a submit's focus on the first error, and be counted for
 * screen readers.
 */

const bac = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `BAC, dealer ${row}`, exact: true })
const table = (page: Page) => page.getByRole('table')

/** Adds rows with Add 5 Dealers, pressed by keyboard, until the table has `rows` rows. */
async function addRows(page: Page, rows: number) {
  const addFive = page.getByRole('button', { name: 'Add 5 Dealers' })
  await addFive.focus()
  for (let count = 1; count < rows; count += 5) await page.keyboard.press('Enter')
  await expectDealerRows(page, rows)
}

async function fillLmaInformation(page: Page) {
  await page.getByRole('combobox', { name: 'LMA Name' }).fill('Windowed Table Dealers')
  await page.getByLabel('Contact Name').fill('Avery Agency')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('400 Market Street')
  await page.getByLabel('City').fill('Omaha')
  await page.getByLabel('State').selectOption('NE')
  await page.getByLabel('Zip Code').fill('68102')
  await page.getByLabel('Email Address').fill('invoices@windowed.example')
  await page.getByLabel('Phone Number').first().fill('4025550100')
  await page.getByLabel('Agency of Record').fill('Plains Media Group')
  await page.getByRole('radio', { name: 'Turnkey' }).check()
  await page.getByLabel('Full Name').fill('Riley Representative')
  await page.getByLabel('Title').fill('President')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('rep@windowed.example')
  await page.getByLabel('Phone Number').nth(1).fill('4025550111')
}

test('Tab and Shift+Tab walk through every dealer row, rendered or not', async ({ page }) => {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 500 })
  await page.goto('/chevy/enrollment/lma')
  await addRows(page, 31)
  // Fewer rows are in the document than the table has.
  expect(await page.getByRole('textbox', { name: /^BAC, dealer/ }).count()).toBeLessThan(31)
  await bac(page, 1).focus()
  // Each row: BAC, Dealer Name, English Kit Size, Hispanic Option, Remove.
  for (let step = 0; step < 5 * 30; step++) await page.keyboard.press('Tab')
  await expect(bac(page, 31)).toBeFocused()
  await expect(bac(page, 31)).toBeInViewport()
  for (let step = 0; step < 5 * 30; step++) await page.keyboard.press('Shift+Tab')
  await expect(bac(page, 1)).toBeFocused()
  await expect(bac(page, 1)).toBeInViewport()
})

test('the row being typed in stays when the page scrolls away from it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.goto('/chevy/enrollment/lma')
  await addRows(page, 41)
  await bac(page, 2).focus()
  await page.keyboard.type('7000')
  await page.mouse.wheel(0, 6000)
  await expect(bac(page, 41)).toBeInViewport()
  await page.keyboard.type('21')
  await expect(bac(page, 2)).toBeFocused()
  await expect(bac(page, 2)).toHaveValue('700021')
})

test('a submit moves the focus to the first row in error, far off screen', async ({ page }) => {
  test.slow()
  await page.goto('/chevy/enrollment/lma')
  await fillLmaInformation(page)
  await bac(page, 1).fill('700001')
  await page.getByRole('textbox', { name: 'Dealer name, dealer 1', exact: true }).fill('First')
  await page
    .getByRole('combobox', { name: 'English kit size, dealer 1', exact: true })
    .selectOption('Large')
  await page
    .getByRole('combobox', { name: 'Hispanic option, dealer 1', exact: true })
    .selectOption('No')
  await addRows(page, 296)
  // Row 2 is thousands of pixels above the Submit button and not rendered.
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Please check above for errors.')).toBeVisible()
  await expect(bac(page, 2)).toBeFocused()
  await expect(bac(page, 2)).toBeInViewport()
  await expect(bac(page, 2)).toHaveAccessibleDescription('BAC is required.')
  // Screen readers hear where the row lies in the whole table.
  await expect(table(page)).toHaveAttribute('aria-rowcount', '297')
  await expect(page.locator('tr', { has: bac(page, 2) })).toHaveAttribute('aria-rowindex', '3')
  await expectAccessible(page)
})

test('Enter in a dealer row submits the form, in a short table and in a windowed one', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/lma')
  await bac(page, 1).fill('7000')
  await bac(page, 1).press('Enter')
  await expect(page.getByText('Please check above for errors.')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'LMA Name' })).toBeFocused()
  await addRows(page, 26)
  // The last row lies just above the buttons.
  await page.getByRole('button', { name: 'Add 5 Dealers' }).scrollIntoViewIfNeeded()
  await bac(page, 26).fill('7026')
  await page.getByRole('textbox', { name: 'Dealer name, dealer 26', exact: true }).press('Enter')
  await expect(page.getByRole('combobox', { name: 'LMA Name' })).toBeFocused()
  await expect(page.getByRole('combobox', { name: 'LMA Name' })).toHaveAccessibleDescription(
    /LMA name is required\./,
  )
})

test('a long saved form keeps the focus of the row typed in while its windowing loads', async ({
  page,
}) => {
  const row = (index: number) => ({
    bac: String(7_100_000 + index),
    name: `Saved Row ${index + 1}`,
    address: '',
    city: '',
    state: '',
    postal: '',
    country: 'USA',
    authName: '',
    authTitle: '',
    authEmailAddress: '',
    authPhoneNumber: '',
    authFaxNumber: '',
    kitSize: 'Small',
    hispanic: 'No',
    billing: '',
  })
  const lma = {
    name: 'Slow Windowing Dealers',
    contact: '',
    address: '',
    city: '',
    state: '',
    postal: '',
    country: 'USA',
    previousName: '',
    nameChanged: false,
    emailAddress: '',
    phoneNumber: '',
    agencyName: '',
    authName: '',
    authTitle: '',
    authEmailAddress: '',
    authPhoneNumber: '',
    authFaxNumber: '',
    type: '',
  }
  const saved = await page.request.post('/api/drafts', {
    data: {
      email: 'rows@saved.example',
      values: {
        type: 'Lma',
        brand: 'chevy',
        year: 2025,
        regionId: null,
        lma,
        dealers: Array.from({ length: 30 }, (_, index) => row(index)),
      },
    },
  })
  expect(saved.status()).toBe(201)
  const { token } = await saved.json()
  // The windowing's chunk arrives once the person is typing in a row.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(/windowed-dealer-rows-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/chevy/enrollment/lma?draft=${token}`)
  await expect(page.getByText('Saved form restored')).toBeVisible()
  // Every row is in the document until the chunk arrives.
  await expect(page.getByRole('textbox', { name: /^BAC, dealer/ })).toHaveCount(30)
  await bac(page, 2).focus()
  await page.keyboard.press('End')
  await page.keyboard.type('9')
  release()
  await expect(page.locator('tbody.dealer-table__rows--windowed')).toBeAttached()
  await page.keyboard.type('8')
  await expect(bac(page, 2)).toBeFocused()
  await expect(bac(page, 2)).toHaveValue('710000198')
  await expectDealerRows(page, 30)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 800 } })

  test('the dealer cards stack without overlapping, errors and all', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    // Past 20 rows, so the table is windowed: Submit is pressed once the windowing has taken
    // the table over (the switch renders the rows anew, and moves what is below them).
    await addRows(page, 26)
    await expect(page.locator('.dealer-table__rows--windowed')).toHaveCount(1)
    // Scrolled to, Submit stays where it is once the cards near it are measured: the windowing
    // estimates each card as tall as the plain table's (a fixed estimate moved it by 800 px, and
    // a press there could land on a card).
    const submit = page.getByRole('button', { name: 'Submit' })
    const top = () => submit.evaluate((button) => button.getBoundingClientRect().top + scrollY)
    await submit.scrollIntoViewIfNeeded()
    const before = await top()
    await page.evaluate(() => new Promise((done) => setTimeout(done, 300)))
    expect(Math.abs((await top()) - before)).toBeLessThan(2)
    await submit.click()
    await expect(page.getByText('Please check above for errors.')).toBeVisible()
    await bac(page, 1).scrollIntoViewIfNeeded()
    // The cards on screen and beyond it, each below the one before.
    for (let step = 0; step < 3; step++) {
      const boxes = await page
        .locator('.dealer-table tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().toJSON()))
      for (let index = 1; index < boxes.length; index++) {
        expect(boxes[index].top).toBeGreaterThanOrEqual(boxes[index - 1].bottom - 1)
      }
      await page.mouse.wheel(0, 1500)
      await page.waitForTimeout(200)
    }
    await expectAccessible(page)
  })
})

test("in the admin dialog the rows follow the dialog's own scrolling", async ({ page }) => {
  const name = freshName('Scrolling Dialog Dealers')
  const dealers = Array.from({ length: 60 }, (_, index) => ({
    bac: freshBac(),
    name: `Member Chevrolet ${index + 1}`,
    kitSize: 'Small',
    hispanic: 'No',
  }))
  await submitLmaThroughApi(page, { name, repEmail: `rep-${Date.now()}@dialog.example`, dealers })
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  await page.locator('.list-table tbody tr').getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Authorizing` })
  await expect(dialog.getByRole('table')).toHaveAttribute('aria-rowcount', '61')
  const last = dialog.getByRole('textbox', { name: 'Dealer name, dealer 60', exact: true })
  await expect(last).toHaveCount(0)
  // The dialog scrolls until the table's end is in its middle (panels follow the table).
  await dialog.evaluate((element) => {
    const table = element.querySelector('table')
    if (!table) throw new Error('no dealer table')
    const end = table.getBoundingClientRect().bottom - element.getBoundingClientRect().top
    element.scrollTo(0, element.scrollTop + end - element.clientHeight / 2)
  })
  await expect(last).toHaveValue('Member Chevrolet 60')
  await expect(last).toBeInViewport()
})
