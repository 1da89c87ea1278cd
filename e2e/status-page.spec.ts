import { expect, type Page, test } from '@playwright/test'
import { formatDate } from '../shared/format/date-text'
import { SHARE_REASON_LABEL, SHARE_WITHOUT_REASON } from '../shared/office/office-limits'
import { expectAccessible } from './support/accessibility'
import { signIn, submitDealer } from './support/admin'
import { expectDealerRows } from './support/dealer-table'
import { freshBac, freshName, mailWidthOnPhone, waitForMail } from './support/enrollment-data'
import { authorizationLink, BASE_URL } from './support/servers'

/**
 * The enrollee's status page (docs/product.md#status-page): the receipt's link follows an LMA
 * enrollment through authorization, approval, its invoice and payment; the office revokes and
 * re-issues the link; "Lost the mail?" mails it again. axe at 390 and 1280 px; screenshots of
 * each state in test-results/status-page/.
 */

const WIDTHS = [390, 1280] as const

function statusLink(text: string): string {
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const link = new RegExp(`${escaped}/chevy/enrollment/status/[A-Za-z0-9_-]{43}`).exec(text)?.[0]
  expect(link, 'a status link in the mail').toBeTruthy()
  return link as string
}

/** axe and a full-page screenshot at each width, back at 1280 afterwards. */
async function checkAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `test-results/status-page/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

async function openDialog(page: Page, guid: string, title: string) {
  await page.goto(`/admin/enrollments/${guid}`)
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog).toBeVisible()
  return dialog
}

test('the receipt’s status link follows an LMA from Authorizing to Paid; the office re-issues it; "Lost the mail?" mails it again', async ({
  page,
}) => {
  test.slow()
  const lmaName = freshName('Status Chevy Dealers')
  const contactEmail = `contact-${Date.now()}@status.example`
  const repEmail = `rep-${Date.now()}@status.example`

  // An LMA enrolls two dealers through the form.
  await page.goto('/chevy/enrollment/lma')
  await page.getByRole('combobox', { name: 'LMA Name' }).fill(lmaName)
  await page.getByLabel('Contact Name').fill('Avery Agency')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('400 Market Street')
  await page.getByLabel('City').fill('Omaha')
  await page.getByLabel('State').selectOption('NE')
  await page.getByLabel('Zip Code').fill('68102')
  await page.getByLabel('Email Address').fill(contactEmail)
  await page.getByLabel('Phone Number').first().fill('4025550100')
  await page.getByLabel('Agency of Record').fill('Plains Media Group')
  await page.getByRole('radio', { name: 'Turnkey' }).check()
  await page.getByLabel('Full Name').fill('Riley Representative')
  await page.getByLabel('Title').fill('President')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(repEmail)
  await page.getByLabel('Phone Number').nth(1).fill('4025550111')
  await page.getByRole('button', { name: 'Add Dealer' }).click()
  await expectDealerRows(page, 2)
  for (let row = 1; row <= 2; row++) {
    await page.getByLabel(`BAC, dealer ${row}`).fill(freshBac())
    await page.getByLabel(`Dealer name, dealer ${row}`).fill(`Member Chevrolet ${row}`)
    await page.getByLabel(`English kit size, dealer ${row}`).selectOption('Large')
    await page.getByLabel(`Hispanic option, dealer ${row}`).selectOption(row === 1 ? 'Yes' : 'No')
  }
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)

  // The receipt goes to the contact and carries the status link (never the authorization link).
  const receipt = await waitForMail(page, contactEmail, /was received/)
  expect(authorizationLink(receipt.text)).toBeUndefined()
  const link = statusLink(receipt.text)

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enrollment Status')
  await expect(page.locator('.status-page__status')).toHaveText(
    'Authorizing: waiting for Riley Representative',
  )
  await expect(page.getByText('2 dealers, 3 kits.')).toBeVisible()
  await expect(page.getByRole('table')).toContainText('Member Chevrolet 1')
  await expect(page.locator('.status-page__timeline li')).toHaveText([/Submitted$/])
  await expect(page.getByRole('heading', { name: 'Invoice', exact: true })).toHaveCount(0)
  await checkAtBothWidths(page, '1-authorizing')

  // The representative authorizes from their own mail.
  const request = await waitForMail(page, repEmail, /authorize/i)
  const guid = new URL(authorizationLink(request.text) ?? '').searchParams.get('auth') ?? ''
  await page.goto(authorizationLink(request.text) ?? '')
  await page.getByLabel('Region').selectOption({ label: 'Central' })
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)

  await page.goto(link)
  await expect(page.locator('.status-page__status')).toHaveText(
    'Approving: with the program office',
  )
  await expect(page.locator('.status-page__timeline li')).toHaveText([
    /Submitted$/,
    /Authorized by the representative$/,
  ])
  await checkAtBothWidths(page, '2-approving')

  // The program office approves: the invoice appears on the status page, unpaid.
  await signIn(page)
  let dialog = await openDialog(page, guid, `${lmaName} - Approving`)
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Enrollment approved.')).toBeVisible()

  await page.goto(link)
  await expect(page.locator('.status-page__status')).toHaveText('Approved')
  const invoice = page.getByRole('region', { name: 'Invoice', exact: true })
  await expect(invoice.locator('.status-page__payment')).toHaveText(/^Unpaid: due by /)
  await expect(invoice.locator('.invoice')).toContainText('Grand Total')
  await expect(page.locator('.status-page__timeline li')).toHaveText([
    /Submitted$/,
    /Authorized by the representative$/,
    /Approved$/,
    /Invoice issued$/,
  ])
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    invoice.getByRole('link', { name: 'Download PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^invoice-.+\.pdf$/)
  await checkAtBothWidths(page, '3-approved')

  // A payment is recorded: the status page says Paid, with the day.
  dialog = await openDialog(page, guid, `${lmaName} - Approved`)
  const payment = dialog.getByRole('region', { name: 'Invoice payment' })
  await payment.getByRole('button', { name: 'Mark Paid' }).click()
  await expect(payment).toContainText('Paid on')
  const today = formatDate(new Date())
  await page.goto(link)
  await expect(invoice.locator('.status-page__payment')).toHaveText(`Paid on ${today}`)
  await expect(page.locator('.status-page__timeline li').last()).toHaveText(`${today} Paid`)
  await checkAtBothWidths(page, '4-paid')

  // The office revokes and re-issues the link, by keyboard, after a confirmation.
  dialog = await openDialog(page, guid, `${lmaName} - Approved`)
  const reissue = dialog.getByRole('button', { name: 'Revoke and re-issue status link' })
  await reissue.focus()
  await page.keyboard.press('Enter')
  const confirm = page.getByRole('dialog', { name: 'Please confirm' })
  await expect(confirm).toContainText(
    `Revoke every link to this enrollment's status page and mail a new one to ${contactEmail}?`,
  )
  await confirm.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText(`Status link re-issued to ${contactEmail}.`).first()).toBeVisible()
  const panel = dialog.getByRole('region', { name: 'Status page link' })
  // The keyboard goes to what happened, not to the page's body.
  await expect(panel.getByRole('status')).toBeFocused()
  await panel.scrollIntoViewIfNeeded()
  await expectAccessible(page, { targetSize: true })
  await panel.screenshot({ path: 'test-results/status-page/7-admin-panel-1280.png' })
  await dialog.getByText('History', { exact: true }).click()
  await expect(dialog).toContainText('Status link re-issued')

  await page.goto(link)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Link Not Valid')
  await expect(page.getByText('This status link is not valid.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'ask for the links again' })).toBeVisible()
  await expect(page.locator('.status-page__status')).toHaveCount(0)
  await checkAtBothWidths(page, '5-not-valid')

  const reissued = await waitForMail(page, contactEmail, /^The status page of your/)
  // Its link wraps on a phone rather than widening the mail.
  expect(await mailWidthOnPhone(page, reissued.html)).toBeLessThanOrEqual(390)
  const newLink = statusLink(reissued.text)
  expect(newLink).not.toBe(link)
  await page.goto(newLink)
  await expect(page.locator('.status-page__status')).toHaveText('Approved')

  // "Lost the mail?": the same answer for an unknown address; a known one gets a new link.
  await page.goto('/chevy/enrollment/status')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lost the Mail?')
  await page.getByLabel('Email address').fill('nobody@nowhere.example')
  await page.getByRole('button', { name: 'Send the Links' }).click()
  const answer = page.getByRole('status').filter({ hasText: 'If this address belongs' })
  await expect(answer).toBeVisible()
  // The focus stays on the button while it sends and after (a disabled button dropped it).
  await expect(page.getByRole('button', { name: 'Send the Links' })).toBeFocused()
  await page.getByLabel('Email address').fill(repEmail)
  await page.getByRole('button', { name: 'Send the Links' }).click()
  await expect(answer).toBeVisible()
  await checkAtBothWidths(page, '6-lost-the-mail')
  const lost = await waitForMail(page, repEmail, /^The status page of your/)
  expect(await mailWidthOnPhone(page, lost.html)).toBeLessThanOrEqual(390)
  await page.goto(statusLink(lost.text))
  await expect(page.locator('.status-page__status')).toHaveText('Approved')
  // The re-issued link still opens: asking again revokes nothing.
  await page.goto(newLink)
  await expect(page.locator('.status-page__status')).toHaveText('Approved')
})

test('a Decline whose reason the office chose to show: the box in the prompt, by keyboard; the status page shows the reason as text', async ({
  page,
}) => {
  test.slow()
  const name = freshName('Shared Reason Motors')
  const body = await submitDealer(page, name)
  const receipt = await waitForMail(page, body.dealers[0]?.authEmailAddress ?? '', /was received/)
  const link = statusLink(receipt.text)

  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(name)
  const row = page.locator('.list-table tbody tr').filter({ hasText: name })
  await row.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
  await dialog.getByRole('button', { name: 'Decline' }).click()
  const prompt = page.getByRole('dialog', { name: 'Please confirm' })
  const share = prompt.getByRole('checkbox', { name: SHARE_REASON_LABEL })
  await expect(share).not.toBeChecked()

  // The box is reached from the reason by keyboard and ticked with Space.
  const reason = prompt.getByRole('textbox', { name: /^Reason/ })
  await reason.focus()
  await page.keyboard.press('Tab')
  await expect(share).toBeFocused()
  await page.keyboard.press('Space')
  await expect(share).toBeChecked()
  // Showing no reason is refused in the prompt, as the server refuses it.
  await prompt.getByRole('button', { name: 'Yes' }).click()
  await expect(prompt.getByRole('alert')).toHaveText(SHARE_WITHOUT_REASON)
  await expect(reason).toBeFocused()
  await reason.fill('Enrolled twice: <b>use</b> the other enrollment.')
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 })
    await expectAccessible(page)
    const overflow = await prompt.evaluate((element) => element.scrollWidth - element.clientWidth)
    expect(overflow, `no sideways scrolling at ${width} px`).toBeLessThanOrEqual(0)
    await page.screenshot({ path: `test-results/status-page/7-decline-prompt-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await prompt.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByText('Enrollment declined.')).toBeVisible()
  await expect(row.locator('.status')).toHaveText('Declined')

  // The history says the reason is shown.
  await row.getByRole('button', { name }).click()
  const declined = page.getByRole('dialog', { name: `${name} - Declined` })
  await declined.getByText('History', { exact: true }).click()
  await expect(declined.locator('.history__changes').last()).toHaveText(
    'Reason shown on the status page: Yes',
  )

  // The status page: 'Declined', and below it the reason, as text (no markup made of it).
  await page.goto(link)
  await expect(page.locator('.status-page__status')).toHaveText('Declined')
  const shown = page.locator('.status-page__reason')
  await expect(shown).toHaveText(
    'The program office’s reason: Enrolled twice: <b>use</b> the other enrollment.',
  )
  await expect(shown.locator('b')).toHaveCount(0)
  await checkAtBothWidths(page, '7-declined-with-reason')
})

test('a bulk Decline shows its one reason on each selected enrollee’s status page when the box is ticked', async ({
  page,
}) => {
  const prefix = freshName('Bulk Shared')
  const names = [`${prefix} North`, `${prefix} South`]
  const links: string[] = []
  for (const name of names) {
    const body = await submitDealer(page, name)
    const receipt = await waitForMail(page, body.dealers[0]?.authEmailAddress ?? '', /received/)
    links.push(statusLink(receipt.text))
  }
  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(prefix)
  await expect(page.locator('.list-table tbody tr')).toHaveCount(2)
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check()
  await page
    .getByRole('region', { name: 'Selected enrollments' })
    .getByRole('button', { name: 'Decline Selected' })
    .click()
  const prompt = page.getByRole('dialog', { name: 'Decline selected enrollments' })
  await prompt.getByRole('textbox', { name: /^Reason/ }).fill('The program is full this year.')
  await prompt.getByRole('checkbox', { name: SHARE_REASON_LABEL }).check()
  await prompt.getByRole('button', { name: 'Yes' }).click()
  await expect(
    page.getByRole('region', { name: 'Result of the bulk action' }).getByRole('status'),
  ).toHaveText('2 enrollments declined, 0 skipped, 0 failed.')
  for (const link of links) {
    await page.goto(link)
    await expect(page.locator('.status-page__status')).toHaveText('Declined')
    await expect(page.locator('.status-page__reason')).toHaveText(
      'The program office’s reason: The program is full this year.',
    )
  }
})
