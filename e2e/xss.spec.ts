import { expect, type Page, test } from '@playwright/test'
import { signIn } from './support/admin'
import { freshBac, waitForMail } from './support/enrollment-data'
import { authorizationLink } from './support/servers'

const EVIL = '<img src=x onerror=alert(1)>'

/** Every dialog (alert, confirm, prompt) a page opens; an injected script would open one. */
function recordDialogs(page: Page): string[] {
  const opened: string[] = []
  page.on('dialog', (dialog) => {
    opened.push(dialog.message())
    void dialog.dismiss()
  })
  return opened
}

/** The name is on the page as text, and no element was made from it. */
async function expectShownAsText(page: Page, name: string): Promise<void> {
  await expect(page.getByText(name).first()).toBeVisible()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)
}

test('an LMA named like an HTML tag stays text: form, authorization link, mailbox, admin list', async ({
  page,
}) => {
  const dialogs = recordDialogs(page)
  const name = `${EVIL} ${Date.now().toString(36)}`
  const repEmail = `rep-${Date.now()}@xss.example`

  await page.goto('/chevy/enrollment/lma')
  await page.getByRole('combobox', { name: 'LMA Name' }).fill(name)
  await page.getByLabel('Contact Name').fill(EVIL)
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Script Street')
  await page.getByLabel('City').fill('Omaha')
  await page.getByLabel('State').selectOption('NE')
  await page.getByLabel('Zip Code').fill('68102')
  await page.getByLabel('Email Address').fill('invoices@xss.example')
  await page.getByLabel('Phone Number').first().fill('4025550100')
  await page.getByLabel('Agency of Record').fill(EVIL)
  await page.getByRole('radio', { name: 'Turnkey' }).check()
  await page.getByLabel('Full Name').fill('Riley Representative')
  await page.getByLabel('Title').fill('President')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(repEmail)
  await page.getByLabel('Phone Number').nth(1).fill('4025550111')
  await page.getByLabel('BAC, dealer 1').fill(freshBac())
  await page.getByLabel('Dealer name, dealer 1').fill(EVIL)
  await page.getByLabel('English kit size, dealer 1').selectOption('Large')
  await page.getByLabel('Hispanic option, dealer 1').selectOption('No')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)

  const mail = await waitForMail(page, repEmail, /authorize/i)
  const link = authorizationLink(mail.text)
  expect(link).toBeTruthy()
  await page.goto(link ?? '')
  await expect(page.getByText('Authorization Requested')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'LMA Name' })).toHaveValue(name)
  await expect(page.getByLabel('Agency of Record')).toHaveValue(EVIL)
  await expect(page.getByLabel('Dealer name, dealer 1')).toHaveValue(EVIL)
  await expect(page.locator('img[src="x"]')).toHaveCount(0)

  // The mails a public form causes carry no text the submitter typed: the name is in none.
  await page.goto('/dev/mail')
  await expect(page.getByText(name)).toHaveCount(0)
  await expect(page.locator('img[src="x"]')).toHaveCount(0)

  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  const row = page.locator('.list-table tbody tr').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await expectShownAsText(page, name)
  await row.getByRole('button', { name }).click()
  await expect(page.getByRole('dialog', { name: `${name} - Authorizing` })).toBeVisible()
  await expect(page.locator('img[src="x"]')).toHaveCount(0)

  expect(dialogs).toEqual([])
})
