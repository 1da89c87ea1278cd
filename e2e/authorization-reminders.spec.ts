import { expect, test } from '@playwright/test'
import { formatDate } from '../shared/format/date-text'
import { expectAccessible } from './support/accessibility'
import { signIn } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

test('the detail dialog of an LMA says when authorization was last requested and how many reminders went out', async ({
  page,
}) => {
  const name = freshName('Reminder Dialog Dealers')
  await submitLmaThroughApi(page, {
    name,
    repEmail: `rep-${Date.now()}@reminder.example`,
    dealers: [{ bac: freshBac(), name: 'Member One', kitSize: 'Large', hispanic: 'No' }],
  })
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  const row = page.locator('.list-table tbody tr').filter({ hasText: name })
  await row.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Authorizing` })
  await expect(dialog).toBeVisible()
  const today = formatDate(new Date())
  await expect(dialog.getByRole('definition').filter({ hasText: today })).toBeVisible()
  await expect(
    dialog.getByRole('term').filter({ hasText: 'Authorization last requested' }),
  ).toBeVisible()
  await expect(dialog.getByRole('term').filter({ hasText: 'Reminders sent' })).toBeVisible()
  await expect(dialog.getByText('0 of at most 2')).toBeVisible()
  await expectAccessible(page)
})
