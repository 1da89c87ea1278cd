import { expect, type Page } from '@playwright/test'

/**
 * The LMA form's dealer table renders only the rows near the screen (and the focused one), so
 * counting rendered rows or buttons counts the window, which depends on the viewport, the fonts
 * and where the page scrolled. The table's `aria-rowcount` (the header row included) is what a
 * screen reader announces: the number of dealer rows there are.
 */
export async function expectDealerRows(page: Page, rows: number): Promise<void> {
  await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', String(rows + 1))
}

/**
 * Scrolls the dealer table's top to the top of the window, so that its first rows (a screenful
 * of them and the few beyond) are rendered.
 */
export async function showDealerTableTop(page: Page): Promise<void> {
  await page.getByRole('table').evaluate((table) => table.scrollIntoView({ block: 'start' }))
}
