import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, dealerBody, signIn } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

const SEARCH = 'Search by BAC, name, email or zip code...'

test('the receipt’s reference finds the enrollment in the list, in any form, and the dialog shows it', async ({
  page,
}) => {
  const name = freshName('Reference Motors')
  const submitted = await page.request.post('/api/enrollments', { data: dealerBody(name) })
  expect(submitted.status()).toBe(201)
  const { reference } = (await submitted.json()) as { reference: string }
  expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)

  await signIn(page)
  const search = page.getByPlaceholder(SEARCH)
  const row = page.locator('.list-table tbody tr').filter({ hasText: name })
  // As quoted, without dashes in lower case, and its first digits; nothing found in between,
  // so each answer is the search's own.
  for (const typed of [
    reference,
    reference.replaceAll('-', '').toLowerCase(),
    reference.slice(0, 7),
  ]) {
    await search.fill('zzz-nothing')
    await expect(page.getByText('No enrollments to display.')).toBeVisible()
    await search.fill(typed)
    await expect(row).toHaveCount(1)
  }
  await row.getByRole('button', { name }).click()
  // The title is the spec's; the reference is the line under it, and describes the dialog.
  const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription(`Reference ${reference}`)
  await expect(dialog.getByText(`Reference ${reference}`, { exact: true })).toBeVisible()
  await expectAccessible(page)
})

test('the invoice page shows the reference of the enrollment it bills', async ({ page }) => {
  const lmaName = freshName('Referenced Invoice Dealers')
  const guid = await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail: `rep-${Date.now()}@referenced.example`,
    dealers: [{ bac: freshBac(), name: 'Referenced Chevrolet', kitSize: 'Large', hispanic: 'No' }],
  })
  await signIn(page)
  const approved = await adminRequest(page, 'POST', `/api/enrollments/${guid}/approve`)
  expect(approved.status()).toBe(200)
  const { reference } = (await approved.json()) as { reference: string }
  await page.goto(`/invoice/${guid}`)
  const facts = page.locator('.invoice__facts')
  await expect(facts.getByRole('definition').filter({ hasText: reference })).toBeVisible()
  await expect(facts).toContainText(`Reference${reference}`)
  await expectAccessible(page)
})
