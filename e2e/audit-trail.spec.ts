import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn } from './support/admin'

interface Entry {
  action: string
  actor: string
  filters: Record<string, unknown>
  rows: number
}

test('an export appears on the Audit trail tab with who, what, its filters and rows; axe at 1280 and 390', async ({
  page,
}) => {
  await signIn(page)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin?year=2025&status=Approved')
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export to Excel' }).click(),
  ])
  await download.path()
  // The download is recorded once its workbook is complete, just after the browser has it.
  let recorded: Entry | undefined
  await expect
    .poll(async () => {
      const response = await adminRequest(page, 'GET', '/api/audit?year=2025')
      const { entries } = (await response.json()) as { entries: Entry[] }
      recorded = entries.find(
        (entry) => entry.action === 'list-export' && entry.filters.status === 'Approved',
      )
      return recorded !== undefined
    })
    .toBe(true)

  // The tab is reached and opened by keyboard.
  const tab = page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: 'Audit trail' })
  await tab.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/audit\?year=2025/)
  await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible()
  await expect(tab).toHaveAttribute('aria-current', 'page')
  const table = page.getByRole('table', { name: 'Audit trail' })
  const row = table
    .getByRole('row')
    .filter({ hasText: 'Exported the enrollment list' })
    .filter({ hasText: 'Status: Approved' })
    .first()
  await expect(row).toContainText('admin@example.com')
  await expect(row).toContainText('Year: 2025')
  await expect(row.getByRole('cell').last()).toHaveText(String(recorded?.rows))
  await expectAccessible(page, { targetSize: true })

  // The year's trail downloads from the keyboard.
  const exportButton = page.getByRole('button', { name: 'Export to Excel' })
  await exportButton.focus()
  const trail = page.waitForEvent('download')
  await page.keyboard.press('Enter')
  expect((await trail).suggestedFilename()).toMatch(/^pos-audit-trail-2025-\d{4}-\d\d-\d\d\.xlsx$/)

  // A phone: each entry is a card that fits the width.
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(row).toBeVisible()
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(wide).toBeLessThanOrEqual(0)
  await expectAccessible(page, { targetSize: true })
})
