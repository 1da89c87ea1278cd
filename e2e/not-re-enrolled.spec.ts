import { expect, type Page, test } from '@playwright/test'
import { formatDate } from '../shared/format/date-text'
import { expectAccessible, targetsUnder24px } from './support/accessibility'
import { adminRequest, signIn } from './support/admin'
import { waitForMail } from './support/enrollment-data'

interface Item {
  guid: string
  type: string
  name: string
  contactEmail: string
  brand: string
}

async function listed(page: Page, query: string): Promise<Item[]> {
  const response = await adminRequest(page, 'GET', `/api/re-enrollment?${query}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { items: Item[] }).items
}

const confirmYes = (page: Page) =>
  page.getByRole('dialog', { name: 'Please confirm' }).getByRole('button', { name: 'Yes' }).click()

test('last year’s approvals not enrolled this year: filter, invite a selection and one, export', async ({
  page,
}) => {
  test.slow()
  await signIn(page)
  await page
    .getByRole('navigation', { name: 'Admin pages' })
    .getByRole('link', { name: 'Not re-enrolled' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Not Re-enrolled' })).toBeVisible()
  const all = await listed(page, 'year=2025')
  const dealers = all.filter((item) => item.type === 'Dealer').length
  await expect(
    page.getByText(
      `${all.length} approved 2024 enrollments have not enrolled for 2025: ${dealers} dealers, ${all.length - dealers} LMAs.`,
    ),
  ).toBeVisible()
  await expectAccessible(page, { targetSize: true })

  await page.getByLabel('Type').selectOption('Lma')
  await expect(page).toHaveURL(/\/admin\/not-re-enrolled\?year=2025&type=Lma$/)
  const lmas = await listed(page, 'year=2025&type=Lma')
  expect(lmas.length).toBeGreaterThanOrEqual(2)
  const rows = page.getByRole('table', { name: 'Not re-enrolled' }).locator('tbody tr')
  await expect(rows).toHaveCount(lmas.length)
  for (const lma of lmas) {
    await expect(rows.filter({ hasText: lma.name }).getByRole('cell').nth(1)).toHaveText('LMA')
  }

  // A selection of two, by keyboard.
  const [first, second, third] = lmas as [Item, Item, Item | undefined]
  await page.getByRole('checkbox', { name: `Select ${first.name}` }).check()
  await page.getByRole('checkbox', { name: `Select ${second.name}` }).press('Space')
  await page.getByRole('button', { name: 'Invite selected (2)' }).click()
  await confirmYes(page)
  await expect(page.getByText('Invitations sent: 2.')).toBeVisible()
  // The button was disabled while sending: the focus is on what happened, not the page's body.
  await expect(page.getByRole('status').filter({ hasText: 'Invitations sent: 2.' })).toBeFocused()
  const mail = await waitForMail(page, first.contactEmail, /^Enroll /)
  expect(mail.subject).toBe(
    `Enroll ${first.name} in the 2025 ${first.brand === 'gm' ? 'GM' : 'Chevrolet'} Dealer Funded POS Program`,
  )
  expect(mail.text).toContain(`/${first.brand}/enrollment/lma`)
  await waitForMail(page, second.contactEmail, /^Enroll /)
  const today = formatDate(new Date())
  await expect(rows.filter({ hasText: first.name })).toContainText(`${today} (1)`)
  await expect(page.getByRole('button', { name: 'Invite selected (0)' })).toBeDisabled()

  // One, from its row; the history of last year's enrollment records it.
  if (third) {
    await page.getByRole('button', { name: `Invite ${third.name}` }).click()
    await confirmYes(page)
    await expect(page.getByText('Invitations sent: 1.')).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Invitations sent: 1.' })).toBeFocused()
    const history = await adminRequest(page, 'GET', `/api/enrollments/${third.guid}/history`)
    const entries = (await history.json()) as Array<{ action: string; actor: string }>
    expect(entries.at(-1)).toMatchObject({
      action: 'Re-enrollment invitation sent',
      actor: 'admin@example.com',
    })
  }
  // Invited minutes ago, a row offers no invitation but says when it may have one again…
  const firstRow = rows.filter({ hasText: first.name })
  await expect(firstRow).toContainText('Can be invited again from')
  await expect(firstRow.getByRole('button', { name: `Invite ${first.name}` })).toHaveCount(0)
  await expect(firstRow.getByRole('checkbox')).toHaveCount(0)
  // …and one asked for anyway (another administrator's page) is not sent, and says why.
  const again = await adminRequest(page, 'POST', '/api/re-enrollment/invitations', {
    guids: [first.guid],
  })
  expect(await again.json()).toMatchObject({ sent: 0, notSent: { invitedRecently: 1 } })
  await expectAccessible(page)

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export to Excel' }).click()
  expect((await download).suggestedFilename()).toMatch(/^pos-not-re-enrolled-2025-.*\.xlsx$/)
})

test('another year is shown without invitations; axe passes at 390 px', async ({ page }) => {
  await signIn(page)
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/admin/not-re-enrolled?year=2025')
  await expect(page.getByRole('button', { name: /^Invite selected/ })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Not re-enrolled' })).toBeVisible()
  // Each row is a card that fits the phone; its phone and email links are 24 px targets.
  const wide = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(wide).toBeLessThanOrEqual(0)
  await expectAccessible(page, { targetSize: true })
  // Every target, the checkboxes among them, is at least 24 by 24 px.
  expect(await targetsUnder24px(page)).toEqual([])
  // The header row is hidden with the cards: select all is above them.
  await page.getByRole('checkbox', { name: 'Select all' }).check()
  await expect(page.getByRole('button', { name: /^Invite selected \([1-9]\d*\)$/ })).toBeVisible()
  await page.getByRole('checkbox', { name: 'Select all' }).uncheck()
  await page.getByRole('button', { name: 'Previous year' }).click()
  await expect(page).toHaveURL(/\/admin\/not-re-enrolled\?year=2024$/)
  await expect(
    page.getByText('Invitations go out only for the enrollment year.', { exact: false }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: /^Invite/ })).toHaveCount(0)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
})
