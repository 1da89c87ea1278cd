import { expect, type Page, test } from '@playwright/test'
import { MAX_DEALER_ROWS } from '../shared/domain/enrollment-choices'
import { expectAccessible } from './support/accessibility'
import { expectDealerRows, showDealerTableTop } from './support/dealer-table'

const bac = (page: Page, row: number) => page.getByRole('textbox', { name: `BAC, dealer ${row}` })
const dealerName = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `Dealer name, dealer ${row}` })
const removeButtons = (page: Page) => page.getByRole('button', { name: /^Remove dealer/ })

/** Fills one row of the dealer table completely. */
async function fillRow(page: Page, row: number, values: { bac: string; name: string }) {
  await bac(page, row).fill(values.bac)
  await dealerName(page, row).fill(values.name)
  await page.getByLabel(`English kit size, dealer ${row}`).selectOption('Large')
  await page.getByLabel(`Hispanic option, dealer ${row}`).selectOption('No')
}

/** The error shown under a field (its aria-describedby), or null when it has none. */
async function errorOf(page: Page, field: ReturnType<Page['getByRole']>) {
  const invalid = await field.getAttribute('aria-invalid')
  const described = (await field.getAttribute('aria-describedby')) ?? ''
  const errorId = described.split(' ').find((id) => id.endsWith('-error'))
  if (!errorId) return invalid === 'true' ? 'invalid without a message' : null
  return page.locator(`[id="${errorId}"]`).textContent()
}

test.describe('errors follow their dealer row', () => {
  test('Remove takes a row away with its errors', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Add Dealer', exact: true }).click()
    await fillRow(page, 2, { bac: '700001', name: 'Filled Chevrolet' })
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => errorOf(page, bac(page, 1))).toBe('BAC is required.')
    expect(await errorOf(page, bac(page, 2))).toBeNull()

    await page.getByRole('button', { name: 'Remove dealer 1' }).click()
    await expect(removeButtons(page)).toHaveCount(0)
    await expect(bac(page, 1)).toHaveValue('700001')
    expect(await errorOf(page, bac(page, 1))).toBeNull()
    expect(await errorOf(page, dealerName(page, 1))).toBeNull()
    await expect(page.getByText('BAC is required.')).toHaveCount(0)
  })

  test('Remove Unused keeps the errors of the rows it keeps', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Add Dealer', exact: true }).click()
    await page.getByRole('button', { name: 'Add Dealer', exact: true }).click()
    // Row 2 has a BAC but no name; rows 1 and 3 are blank.
    await bac(page, 2).fill('700002')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => errorOf(page, dealerName(page, 2))).toBe('Dealer name is required.')
    expect(await errorOf(page, bac(page, 2))).toBeNull()

    await page.getByRole('button', { name: 'Remove Unused' }).click()
    await expect(removeButtons(page)).toHaveCount(0)
    await expect(bac(page, 1)).toHaveValue('700002')
    expect(await errorOf(page, bac(page, 1))).toBeNull()
    expect(await errorOf(page, dealerName(page, 1))).toBe('Dealer name is required.')
  })

  test('Remove All starts over with a row without errors; Add leaves the errors where they are', async ({
    page,
  }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => errorOf(page, bac(page, 1))).toBe('BAC is required.')

    await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
    await expectDealerRows(page, 6)
    await showDealerTableTop(page)
    expect(await errorOf(page, bac(page, 1))).toBe('BAC is required.')
    for (let row = 2; row <= 6; row++) expect(await errorOf(page, bac(page, row))).toBeNull()

    await page.getByRole('button', { name: 'Remove All' }).click()
    await expect(removeButtons(page)).toHaveCount(0)
    expect(await errorOf(page, bac(page, 1))).toBeNull()
    await expect(page.getByText('BAC is required.')).toHaveCount(0)
  })

  test('a row removed above an edited row leaves the edited row without errors it never had', async ({
    page,
  }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
    await fillRow(page, 1, { bac: '700011', name: 'First Chevrolet' })
    await fillRow(page, 3, { bac: '700013', name: 'Third Chevrolet' })
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => errorOf(page, bac(page, 2))).toBe('BAC is required.')

    // Rows 2 and 4 to 6 are blank and in error; removing row 2 moves row 3 up to row 2.
    await page.getByRole('button', { name: 'Remove dealer 2' }).click()
    await expect(bac(page, 2)).toHaveValue('700013')
    expect(await errorOf(page, bac(page, 2))).toBeNull()
    expect(await errorOf(page, bac(page, 3))).toBe('BAC is required.')
    expect(await errorOf(page, bac(page, 5))).toBe('BAC is required.')
    await expect(bac(page, 6)).toHaveCount(0)
  })
})

test(`the dealer table stops at ${MAX_DEALER_ROWS} rows and says so`, async ({ page }) => {
  test.slow()
  await page.goto('/chevy/enrollment/lma')
  const addOne = page.getByRole('button', { name: 'Add Dealer', exact: true })
  const addFive = page.getByRole('button', { name: 'Add 5 Dealers' })
  const rows = { count: (n: number) => expectDealerRows(page, n) }
  await expect(
    page.getByText(`An enrollment can list at most ${MAX_DEALER_ROWS} dealers.`),
  ).toBeVisible()
  // Hundreds of rows: the keyboard presses Add 5 Dealers (no scrolling to it between presses).
  const clicks = Math.floor((MAX_DEALER_ROWS - 3) / 5)
  await addFive.focus()
  for (let click = 1; click <= clicks; click++) await page.keyboard.press('Enter')
  await rows.count(1 + clicks * 5)
  // Fewer than 5 places left: Add 5 Dealers fills them.
  await addOne.click()
  await addOne.click()
  await rows.count(3 + clicks * 5)
  await addFive.click()
  await rows.count(MAX_DEALER_ROWS)
  await expect(addOne).toBeDisabled()
  await expect(addFive).toBeDisabled()
  await addOne.click({ force: true })
  await addFive.click({ force: true })
  await rows.count(MAX_DEALER_ROWS)
  await page.getByRole('button', { name: `Remove dealer ${MAX_DEALER_ROWS}` }).click()
  await rows.count(MAX_DEALER_ROWS - 1)
  await expect(addOne).toBeEnabled()
})

test.describe('on a 320 px wide screen', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('the dealer table reflows into rows that show their field labels', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Add Dealer', exact: true }).click()
    await bac(page, 2).scrollIntoViewIfNeeded()
    const scroll = await page.evaluate(() => ({
      width: document.documentElement.scrollWidth,
      viewport: document.documentElement.clientWidth,
    }))
    expect(scroll.width).toBeLessThanOrEqual(scroll.viewport)

    for (const row of [1, 2]) {
      const card = page.locator('.dealer-table tbody tr').nth(row - 1)
      for (const label of ['BAC', 'Dealer Name', 'English Kit Size', 'Hispanic Option']) {
        // The column's name and the required mark.
        const shown = card.getByText(new RegExp(`^${label} \\*`))
        await expect(shown).toBeVisible()
        // Every field lies inside the screen.
        const box = await shown.boundingBox()
        expect(box && box.x + box.width).toBeLessThanOrEqual(320)
      }
      for (const field of [
        bac(page, row),
        dealerName(page, row),
        page.getByLabel(`English kit size, dealer ${row}`),
        page.getByLabel(`Hispanic option, dealer ${row}`),
      ]) {
        const box = await field.boundingBox()
        expect(box && box.x >= 0 && box.x + box.width <= 320).toBe(true)
      }
    }
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => errorOf(page, bac(page, 1))).toBe('BAC is required.')
    const after = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(after).toBeLessThanOrEqual(320)
    await expectAccessible(page)
  })
})
