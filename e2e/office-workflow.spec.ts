import { expect, type Page, test } from '@playwright/test'
import { formatDate } from '../shared/format/date-text'
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
  test(`at ${width} px: a bulk Approve names those still waiting for their representative, and leaving them out is a choice`, async ({
    page,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 900 })
    const prefix = freshName('Bulkflow')
    const names = [`${prefix} North`, `${prefix} South`, `${prefix} West`]
    for (const name of names) await submitLmaThroughApi(page, lma(name))
    await submitDealer(page, `${prefix} Ready Motors`)
    await submitDealer(page, `${prefix} Declined Motors`, 'None')
    await signIn(page)
    await searchFor(page, prefix, 5)

    // At 390 px the rows are cards: "select all on this page" is above them.
    await page.getByRole('checkbox', { name: 'Select all enrollments on this page' }).check()
    const bar = page.getByRole('region', { name: 'Selected enrollments' })
    await expect(bar).toContainText('5 enrollments selected')
    await bar.getByRole('button', { name: 'Approve Selected' }).click()

    const confirm = page.getByRole('dialog', { name: 'Approve selected enrollments' })
    await expect(confirm.locator('p').first()).toHaveText(
      '4 of the selected enrollments can be approved. 1 enrollment will be skipped: A dealer who declined billing cannot be approved (1). Each approval emails its confirmation (and an LMA its invoice).',
    )
    const waiting = confirm.getByRole('list', {
      name: 'Still waiting for their representative (Authorizing)',
    })
    await expect(waiting.getByRole('listitem')).toHaveCount(3)
    for (const name of names) {
      await expect(waiting.getByRole('listitem').filter({ hasText: name })).toHaveCount(1)
    }
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await expectAccessible(page, { targetSize: true })
    const overflow = await confirm.evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)

    const report = page.getByRole('region', { name: 'Result of the bulk action' })
    if (width === 390) {
      // Only the one not waiting: the three LMAs stay Authorizing, said in the result.
      await confirm.getByRole('button', { name: 'Approve Only the Other 1' }).click()
      await expect(report.getByRole('status')).toHaveText(
        '1 enrollment approved, 4 skipped, 0 failed.',
      )
      for (const name of names) {
        await expect(report).toContainText(
          `${name} (skipped): Left out: still waiting for their representative (Authorizing).`,
        )
      }
      await expect(page.locator('.list-table .status--approved')).toHaveCount(1)
      await expect(page.locator('.list-table .status--authorizing')).toHaveCount(3)
    } else {
      await confirm.getByRole('button', { name: 'Approve All 4, Waiting Ones Too' }).click()
      await expect(report.getByRole('status')).toHaveText(
        '4 enrollments approved, 1 skipped, 0 failed.',
      )
      await expect(page.locator('.list-table .status--approved')).toHaveCount(4)
    }
    await expect(report).toContainText(
      `${prefix} Declined Motors (skipped): A dealer who declined billing cannot be approved.`,
    )
    // The bar went with the selection: the focus is on what happened, not the page's body.
    await expect(report.getByRole('status')).toBeFocused()
    await expectAccessible(page, { targetSize: true })
    await expect(bar).toBeHidden()

    // A filter change empties the selection, and says so.
    await page.getByRole('checkbox', { name: `Select ${prefix} Declined Motors` }).check()
    await expect(bar).toContainText('1 enrollment selected')
    await page.getByLabel('Type').selectOption('Dealer')
    await expect(page.getByRole('status').filter({ hasText: 'Selection cleared' })).toHaveText(
      'Selection cleared: the filter changed.',
    )
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
  // The focus is on the new note, and the change is said.
  await expect(dialog.locator('.notes__list li').last()).toBeFocused()
  await expect(dialog.getByRole('status').filter({ hasText: 'Note added.' })).toHaveCount(1)
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
  await expectAccessible(page, { targetSize: true })
  await dialog.getByRole('button', { name: 'Close', exact: true }).click()

  // The invoice of an approved LMA: unpaid, then marked paid with its reference.
  await searchFor(page, paid, 1)
  await listRows(page).getByRole('button', { name: paid }).click()
  dialog = page.getByRole('dialog', { name: `${paid} - Approved` })
  const payment = dialog.getByRole('region', { name: 'Invoice payment' })
  await expect(payment).toContainText('Unpaid')
  await payment.getByLabel(/Reference/).fill('Check 1042')
  await payment.getByRole('button', { name: 'Mark Paid' }).click()
  // The payment's day as every date is shown, in the panel and in the history alike.
  const today = formatDate(new Date())
  await expect(payment).toContainText(`Paid on ${today}, reference Check 1042`)
  await expect(payment.getByRole('button', { name: 'Mark Unpaid' })).toBeVisible()
  await dialog.getByText('History', { exact: true }).click()
  await expect(dialog.locator('.history__changes').last()).toContainText(
    `Paid on: (blank) → ${today}`,
  )
  await expectAccessible(page)
})

test('the Needs attention filter is in the address and asks the server', async ({ page }) => {
  await signIn(page)
  await page.getByLabel('Needs attention').selectOption('Invoice overdue')
  await expect(page).toHaveURL(/\/admin\?attention=overdue-invoice$/)
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
  // The server's answer: the LMAs whose invoice is overdue today, as many as the results line
  // counts (the demo's 2025 program has closed with unpaid invoices past their due date).
  const overdue = await adminRequest(page, 'GET', '/api/enrollments?attention=overdue-invoice')
  const rows = (await overdue.json()) as Array<{ type: string; status: string }>
  expect(rows.every((row) => row.type === 'Lma')).toBe(true)
  await expect(page.getByRole('status').filter({ hasText: 'enrollment' })).toHaveText(
    new RegExp(`^${rows.length} enrollments?,`),
  )
  await page.reload()
  await expect(page.getByLabel('Needs attention')).toHaveValue('overdue-invoice')
})

for (const width of [390, 1280] as const) {
  test(`at ${width} px: after Send Again the mail's row follows it until it is sent`, async ({
    page,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 900 })
    const name = freshName('Resent')
    await submitLmaThroughApi(page, lma(name))
    await signIn(page)
    // The outbox of the built server cannot be made to fail from here: its answers are, as the
    // worker leaves a mail it gave up on; the mail itself was really sent meanwhile.
    type Mail = { id: string; kind: string; status: string; attempts: number; lastError: unknown }
    let phase: 'failed' | 'queued' | 'real' = 'failed'
    let failedMail: Mail | undefined
    const relayError = '421 4.3.2 relay busy, try again later'
    await page.route('**/api/enrollments/*/mails', async (route) => {
      const response = await route.fetch()
      const mails = (await response.json()) as Mail[]
      const request = mails.find((mail) => mail.kind === 'authorization-request')
      if (request && phase === 'failed') {
        Object.assign(request, {
          status: 'failed',
          attempts: 15,
          lastError: relayError,
          sentAt: null,
        })
        failedMail = { ...request }
      } else if (request && phase === 'queued') {
        Object.assign(request, {
          status: 'sending',
          attempts: 1,
          lastError: relayError,
          sentAt: null,
        })
        phase = 'real'
      }
      await route.fulfill({ response, json: mails })
    })
    await page.route('**/api/enrollments/*/mails/*/send-again', async (route) => {
      phase = 'queued'
      await route.fulfill({ json: { ...failedMail, status: 'queued', attempts: 0 } })
    })

    await searchFor(page, name, 1)
    await listRows(page).getByRole('button', { name }).click()
    const dialog = page.getByRole('dialog', { name: `${name} - Authorizing` })
    await dialog.getByText('Mails', { exact: true }).click()
    const region = dialog.getByRole('region', { name: 'Mails about this enrollment' })
    const row = region.getByRole('row').filter({ hasText: 'Authorization request' })
    await expect(row).toContainText('Failed')
    await expect(row).toContainText(relayError)
    await expectAccessible(page, { targetSize: true })
    // Nothing is squeezed or cut off: the panel is as wide as the dialog lets it be.
    const cut = await region.evaluate((element) => element.scrollWidth - element.clientWidth)
    expect(cut).toBeLessThanOrEqual(0)
    // The scroll region can be reached by keyboard.
    expect(await region.getAttribute('tabindex')).toBe('0')

    await row.getByRole('button', { name: /^Send the authorization request to .* again$/ }).click()
    const status = row.locator('[data-mail-status]')
    // The button went: the focus is on the mail's status, which follows the mail.
    await expect(status).toBeFocused()
    await expect(status).toHaveText('Sent', { timeout: 15_000 })
    await expect(row).not.toContainText(relayError)
    await expect(row.getByRole('cell').filter({ hasText: /^(Attempts: )?1$/ })).toHaveCount(1)
    await expect(page.getByText(/^Authorization request to .* was sent\.$/)).toBeVisible()
    await expectAccessible(page, { targetSize: true })
  })
}

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
  await expect(payment).toContainText(/Paid on [A-Z][a-z]{2} \d{1,2}, \d{4}, reference Wire 5521/)
  await expect(payment.getByRole('button', { name: 'Mark Unpaid' })).toBeVisible()
  await expectAccessible(page)
})
