import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn, submitDealer } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

/**
 * The program office's workflow (docs/product.md#office-workflow): bulk actions on a selection,
 * reasons, internal notes, each enrollment's mails, invoice payments, the Needs attention filter.
 */

const SEARCH = 'Search by BAC, name, email or zip code...'
const listRows = (page: Page) => page.locator('.list-table tbody tr')

async function searchFor(page: Page, text: string, found: number) {
  await page.getByPlaceholder(SEARCH).fill(text)
  await expect(listRows(page)).toHaveCount(found)
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
}

const lma = (name: string) => ({
  name,
  repEmail: `rep.${freshBac()}@valley.example`,
  dealers: [{ bac: freshBac(), name: `${name} Motors`, kitSize: 'Large', hispanic: 'No' }],
})

for (const width of [390, 1280] as const) {
  test(`at ${width} px: a selection is approved in one action, with what was skipped and why`, async ({
    page,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 900 })
    const prefix = freshName('Bulkflow')
    const names = [`${prefix} North`, `${prefix} South`, `${prefix} West`]
    for (const name of names) await submitLmaThroughApi(page, lma(name))
    await submitDealer(page, `${prefix} Declined Motors`, 'None')
    await signIn(page)
    await searchFor(page, prefix, 4)

    if (width === 390) {
      // Cards: each has its own checkbox.
      for (const name of [...names, `${prefix} Declined Motors`]) {
        await page.getByRole('checkbox', { name: `Select ${name}` }).check()
      }
    } else {
      await page.getByRole('checkbox', { name: 'Select all enrollments on this page' }).check()
    }
    const bar = page.getByRole('region', { name: 'Selected enrollments' })
    await expect(bar).toContainText('4 enrollments selected')
    await bar.getByRole('button', { name: 'Approve Selected' }).click()

    const confirm = page.getByRole('dialog', { name: 'Approve selected enrollments' })
    await expect(confirm).toContainText(
      'Approve 3 enrollments? 1 enrollment will be skipped: A dealer who declined billing cannot be approved (1).',
    )
    await expect(confirm.getByRole('button', { name: 'No' })).toBeFocused()
    await expectAccessible(page)
    await confirm.getByRole('button', { name: 'Yes' }).click()

    const report = page.getByRole('region', { name: 'Result of the bulk action' })
    await expect(report.getByRole('status')).toHaveText(
      '3 enrollments approved, 1 skipped, 0 failed.',
    )
    await expect(report).toContainText(
      `${prefix} Declined Motors (skipped): A dealer who declined billing cannot be approved.`,
    )
    await expectAccessible(page)
    await expect(page.locator('.list-table .status--approved')).toHaveCount(3)
    await expect(bar).toBeHidden()
  })
}

test('a Decline with a reason, a note, the mails and the invoice payment in the dialog', async ({
  page,
}) => {
  test.slow()
  const declined = freshName('Reasoned')
  const paid = freshName('Paying')
  await submitLmaThroughApi(page, lma(declined))
  const paidGuid = await submitLmaThroughApi(page, lma(paid))
  await signIn(page)
  expect((await adminRequest(page, 'POST', `/api/enrollments/${paidGuid}/approve`)).status()).toBe(
    200,
  )

  // Decline with a reason: the history keeps it.
  await searchFor(page, declined, 1)
  await listRows(page).getByRole('button', { name: declined }).click()
  let dialog = page.getByRole('dialog', { name: `${declined} - Authorizing` })
  await dialog.getByRole('button', { name: 'Decline' }).click()
  const prompt = page.getByRole('dialog', { name: 'Please confirm' })
  await expect(prompt).toContainText('Decline this enrollment? No email is sent.')
  await prompt.getByLabel(/Reason/).fill('The LMA enrolled twice under another name.')
  await expectAccessible(page)
  await prompt.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText('Enrollment declined.')).toBeVisible()
  await listRows(page).getByRole('button', { name: declined }).click()
  dialog = page.getByRole('dialog', { name: `${declined} - Declined` })
  await dialog.getByText('History', { exact: true }).click()
  await expect(dialog.locator('.history__reason')).toHaveText(
    'Reason: The LMA enrolled twice under another name.',
  )

  // A note: kept with its author, shown at once and after reopening.
  await dialog.getByText('Internal notes', { exact: true }).click()
  await expect(dialog).toContainText('No notes yet.')
  await dialog.getByLabel(/Add a note/).fill('Called Rory: they will use the other enrollment.')
  await dialog.getByRole('button', { name: 'Add Note' }).click()
  await expect(dialog.locator('.notes__text')).toHaveText(
    'Called Rory: they will use the other enrollment.',
  )
  await expect(dialog.locator('.notes__meta')).toContainText('admin@example.com')

  // The mails: the authorization request and the receipt, each with its state.
  await dialog.getByText('Mails', { exact: true }).click()
  const mails = dialog.getByRole('table', { name: 'Mails about this enrollment' })
  await expect(mails).toContainText('Authorization request')
  await expect(mails).toContainText('Submission receipt')
  await expect(mails.locator('.mail-status')).toHaveText([
    /^(Sent|Queued|Sending)$/,
    /^(Sent|Queued|Sending)$/,
  ])
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  // The invoice of an approved LMA: unpaid, then marked paid with its reference.
  await searchFor(page, paid, 1)
  await listRows(page).getByRole('button', { name: paid }).click()
  dialog = page.getByRole('dialog', { name: `${paid} - Approved` })
  const payment = dialog.getByRole('region', { name: 'Invoice payment' })
  await expect(payment).toContainText('Unpaid')
  await payment.getByLabel(/Reference/).fill('Check 1042')
  await payment.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(payment).toContainText(/Paid on \d+\/\d+\/\d{4}, reference Check 1042/)
  await expect(payment.getByRole('button', { name: 'Mark Unpaid' })).toBeVisible()
  await expectAccessible(page)
})

test('the Needs attention filter is in the address and asks the server', async ({ page }) => {
  await signIn(page)
  await page.getByLabel('Needs attention').selectOption('Invoice overdue')
  await expect(page).toHaveURL(/\/admin\?attention=overdue-invoice$/)
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
  // The demo data has no overdue invoice: the server's answer is an empty list.
  await expect(page.getByText('No enrollments to display.')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Needs attention')).toHaveValue('overdue-invoice')
})

test('a payment another administrator recorded first is shown, with why, never overwritten', async ({
  page,
}) => {
  const name = freshName('Paid twice')
  const guid = await submitLmaThroughApi(page, lma(name))
  await signIn(page)
  expect((await adminRequest(page, 'POST', `/api/enrollments/${guid}/approve`)).status()).toBe(200)
  await searchFor(page, name, 1)
  await listRows(page).getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approved` })
  const payment = dialog.getByRole('region', { name: 'Invoice payment' })
  await expect(payment).toContainText('Unpaid')

  // Meanwhile, in another window, a colleague records the wire transfer.
  const { invoiceDate } = await (
    await adminRequest(page, 'GET', `/api/enrollments/${guid}/payment`)
  ).json()
  const recorded = await adminRequest(page, 'POST', `/api/enrollments/${guid}/payment`, {
    paidOn: invoiceDate,
    reference: 'Wire 5521',
  })
  expect(recorded.status()).toBe(200)

  await payment.getByLabel(/Reference/).fill('Check 1042')
  await payment.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(payment.getByRole('alert')).toHaveText(
    'This invoice is already marked paid. To record a different payment, mark it unpaid first.',
  )
  await expect(payment).toContainText(/Paid on \d+\/\d+\/\d{4}, reference Wire 5521/)
  await expect(payment.getByRole('button', { name: 'Mark Unpaid' })).toBeVisible()
  await expectAccessible(page)
})
