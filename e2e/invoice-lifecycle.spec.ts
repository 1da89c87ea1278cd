import { expect, type Locator, type Page, test } from '@playwright/test'
import { formatDate } from '../shared/format/date-text'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi, waitForMail } from './support/enrollment-data'
import { columnValues, downloadReport, regionId } from './support/roles'
import { BASE_URL } from './support/servers'

/**
 * An LMA's invoice follows its enrollment (docs/product.md#invoices, issue 36): re-authorized, it
 * stays live and is marked under revision in the payment panel, on the status page and in the
 * invoices report; approved again with fewer dealers it is revision 2 under the same number, and
 * an edit that changes what it owes asks before it revises; declined, it is void, a payment
 * recorded on it a credit due back. A regional manager opening another region's enrollment sees
 * "not found". At 1280 and 390 px with axe; screenshots in test-results/invoice-lifecycle/.
 */

const UNDER_REVISION =
  'Under revision: the enrollment was sent back to its representative. This invoice stays due until a revision replaces it.'
const VOID_DECLINED = 'Void: the enrollment was declined. Nothing is due.'

const shots = (name: string, width: number) => `test-results/invoice-lifecycle/${name}-${width}.png`

function statusLink(text: string): string {
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const link = new RegExp(`${escaped}/chevy/enrollment/status/[A-Za-z0-9_-]{43}`).exec(text)?.[0]
  expect(link, 'a status link in the mail').toBeTruthy()
  return link as string
}

/** axe, and nothing wider than the window. */
async function checkPage(page: Page, options: { targetSize?: boolean } = {}): Promise<void> {
  await expectAccessible(page, options)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0)
}

async function openDialog(page: Page, guid: string, title: string): Promise<Locator> {
  await page.goto(`/admin/enrollments/${guid}`)
  const dialog = page.getByRole('dialog', { name: title })
  await expect(dialog.getByLabel('City')).toBeVisible()
  return dialog
}

/** Answers a confirmation (or a reason prompt) with its yes. */
async function answer(page: Page, title: string, yes: string, reason?: string): Promise<void> {
  const question = page.getByRole('dialog', { name: title })
  if (reason !== undefined) await question.getByRole('textbox', { name: /^Reason/ }).fill(reason)
  await question.getByRole('button', { name: yes, exact: true }).click()
}

for (const width of [1280, 390] as const) {
  test(`at ${width} px: an invoice stays live under revision, is revised under its number, and is void after a decline`, async ({
    page,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 900 })
    // Central: a region the regional manager (Great Lakes, California) does not have.
    const central = await regionId(page, 'Central')
    const revised = freshName('Lifecycle Revised LMA')
    const revisedContact = `revised-${freshBac()}@lifecycle.example`
    const revisedGuid = await submitLmaThroughApi(page, {
      name: revised,
      repEmail: `rep-${freshBac()}@lifecycle.example`,
      invoiceEmail: revisedContact,
      regionId: central,
      dealers: [
        // $525 + $400 + $325 = $1,250.00
        { bac: freshBac(), name: 'Harbor Chevrolet', kitSize: 'Large', hispanic: 'Yes' },
        { bac: freshBac(), name: 'Ridge Chevrolet', kitSize: 'Large', hispanic: 'No' },
        { bac: freshBac(), name: 'Mesa Chevrolet', kitSize: 'Small', hispanic: 'No' },
      ],
    })
    const declined = freshName('Lifecycle Declined LMA')
    const declinedContact = `declined-${freshBac()}@lifecycle.example`
    const declinedGuid = await submitLmaThroughApi(page, {
      name: declined,
      repEmail: `rep-${freshBac()}@lifecycle.example`,
      invoiceEmail: declinedContact,
      regionId: central,
      dealers: [
        // $450 + $525 = $975.00
        { bac: freshBac(), name: 'Canyon Chevrolet', kitSize: 'Small', hispanic: 'Yes' },
        { bac: freshBac(), name: 'Prairie Chevrolet', kitSize: 'Large', hispanic: 'Yes' },
      ],
    })

    // Set up by the API what is not tested here: both approved (invoiced), the second paid.
    // Through the form: the test logs out at its end.
    await signIn(page, 'admin@example.com', { throughTheForm: true })
    for (const guid of [revisedGuid, declinedGuid]) {
      expect((await adminRequest(page, 'POST', `/api/enrollments/${guid}/approve`)).status()).toBe(
        200,
      )
    }
    const today = new Date().toISOString().slice(0, 10)
    const paid = await adminRequest(page, 'POST', `/api/enrollments/${declinedGuid}/payment`, {
      paidOn: today,
      reference: 'Check 2210',
    })
    expect(paid.status()).toBe(200)
    const { invoiceNumber } = (await (
      await adminRequest(page, 'GET', `/api/invoices/${revisedGuid}`)
    ).json()) as { invoiceNumber: string }

    // Re-authorize the invoiced LMA: its invoice stays live, payable, and under revision.
    let dialog = await openDialog(page, revisedGuid, `${revised} - Approved`)
    await dialog.getByRole('button', { name: 'Re-authorize' }).click()
    await answer(page, 'Please confirm', 'Yes', 'Please add the Small kits')
    await expect(page.getByText('Authorization requested.')).toBeVisible()
    dialog = await openDialog(page, revisedGuid, `${revised} - Authorizing`)
    let payment = dialog.getByRole('region', { name: 'Invoice payment' })
    await expect(payment.locator('.payment__standing')).toHaveText(UNDER_REVISION)
    await expect(payment).toContainText(`Invoice ${invoiceNumber} of`)
    await expect(payment).toContainText('$1,250.00')
    await expect(payment.getByRole('button', { name: 'Mark Paid' })).toBeVisible()
    // The spec's View Invoice stays an Approved LMA's.
    await expect(dialog.getByRole('link', { name: 'View Invoice' })).toHaveCount(0)
    await payment.evaluate((panel) => panel.scrollIntoView({ block: 'center' }))
    await checkPage(page, { targetSize: true })
    await payment.screenshot({ path: shots('1-panel-under-revision', width) })

    // The status page: the send-back in the authorization view's words, the invoice under revision.
    const revisedLink = statusLink((await waitForMail(page, revisedContact, /was received/)).text)
    await page.goto(revisedLink)
    await expect(page.locator('.status-page__status')).toHaveText(
      'Authorizing: waiting for Rory Rep',
    )
    await expect(page.locator('.status-page__reason')).toHaveText([
      /^Sent back by the program office on .+ to be reviewed and authorized again\.$/,
      'Their reason: Please add the Small kits',
    ])
    let invoice = page.getByRole('region', { name: 'Invoice', exact: true })
    await expect(invoice.locator('.status-page__standing')).toHaveText(UNDER_REVISION)
    await expect(invoice.getByText('Total due', { exact: true })).toBeVisible()
    await expect(page.locator('.status-page__timeline li')).toContainText([
      'Sent back to the representative for authorization',
    ])
    await checkPage(page)
    await page.screenshot({ path: shots('2-status-under-revision', width), fullPage: true })

    // The invoices report: the invoice, live and counted, stands 'Under revision'.
    await page.goto('/admin')
    let report = await downloadReport(page, 'Invoices 2025 (Excel)')
    let row = columnValues(report.sheet, 'Invoice Number').indexOf(invoiceNumber)
    expect(row, 'the invoice in the report').toBeGreaterThanOrEqual(0)
    expect(columnValues(report.sheet, 'Standing')[row]).toBe('Under revision')
    expect(columnValues(report.sheet, 'Revision')[row]).toBe(1)

    // Fewer dealers, approved again: revision 2 under the same number, in the panel and the history.
    dialog = await openDialog(page, revisedGuid, `${revised} - Authorizing`)
    await dialog.getByRole('button', { name: 'Remove dealer 2' }).click()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await answer(page, 'Please confirm', 'Yes')
    await expect(page.getByText('Changes saved.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await answer(page, 'Please confirm', 'Yes')
    await expect(page.getByText('Enrollment approved.')).toBeVisible()
    dialog = await openDialog(page, revisedGuid, `${revised} - Approved`)
    payment = dialog.getByRole('region', { name: 'Invoice payment' })
    await expect(
      payment.getByRole('link', { name: `Invoice ${invoiceNumber}, revision 2` }),
    ).toBeVisible()
    await expect(payment).toContainText('$850.00')
    await expect(payment.locator('.payment__standing')).toHaveCount(0)
    await dialog.getByText('History', { exact: true }).click()
    await expect(dialog.locator('.history__changes')).toContainText([
      `Invoice: ${invoiceNumber} revision 1 → ${invoiceNumber} revision 2`,
    ])
    await payment.evaluate((panel) => panel.scrollIntoView({ block: 'center' }))
    await checkPage(page, { targetSize: true })
    await payment.screenshot({ path: shots('3-panel-revision-2', width) })

    // An edit that changes what it owes asks before it revises, and says what it mails to whom.
    await dialog.getByLabel('English kit size, dealer 2').selectOption('Large')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    const question = page.getByRole('dialog', { name: 'Revise the invoice?' })
    await expect(question).toContainText(
      `Saving revises invoice ${invoiceNumber}: revision 3 for $925.00 replaces revision 2 for $850.00, and mails it to ${revisedContact}.`,
    )
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await checkPage(page, { targetSize: true })
    await question.screenshot({ path: shots('4-save-and-revise', width) })
    await question.getByRole('button', { name: 'Save and revise' }).click()
    await expect(page.getByText('Changes saved.')).toBeVisible()
    await expect(
      payment.getByRole('link', { name: `Invoice ${invoiceNumber}, revision 3` }),
    ).toBeVisible()
    await waitForMail(page, revisedContact, /revision 3/)

    // The invoice page: its name with the revision, and the earlier revisions' PDFs.
    await page.goto(`/invoice/${revisedGuid}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Invoice ${invoiceNumber}, revision 3`,
    )
    await expect(page).toHaveTitle(
      `Invoice ${invoiceNumber}, revision 3 - Dealer Funded POS Program`,
    )
    const earlier = page.getByRole('region', { name: 'Earlier revisions' })
    await expect(earlier.getByRole('listitem')).toHaveText([
      /^Revision 1 of .+, \$1,250\.00/,
      /^Revision 2 of .+, \$850\.00/,
    ])
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      earlier.getByRole('button', { name: 'Download revision 1 (PDF)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber}.pdf`)
    await checkPage(page)
    await page.screenshot({ path: shots('5-invoice-revision-3', width), fullPage: true })

    // Decline the paid one: its invoice is void, the payment a credit due back; no Mark Paid.
    dialog = await openDialog(page, declinedGuid, `${declined} - Approved`)
    await dialog.getByRole('button', { name: 'Decline' }).click()
    await answer(page, 'Please confirm', 'Yes', 'The dealers withdrew')
    await expect(page.getByText('Enrollment declined.')).toBeVisible()
    dialog = await openDialog(page, declinedGuid, `${declined} - Declined`)
    payment = dialog.getByRole('region', { name: 'Invoice payment' })
    const credit = `Credit due back: the payment of $975.00 received on ${formatDate(today)} is owed back to the LMA.`
    await expect(payment.locator('.payment__line')).toHaveText([VOID_DECLINED, credit])
    await expect(payment.getByRole('button', { name: 'Mark Paid' })).toHaveCount(0)
    await expect(payment.getByRole('button', { name: 'Mark Unpaid: refunded' })).toBeVisible()
    await payment.evaluate((panel) => panel.scrollIntoView({ block: 'center' }))
    await checkPage(page, { targetSize: true })
    await payment.screenshot({ path: shots('6-panel-void', width) })

    // Its status page: declined, no kits ship, the invoice void and the credit.
    const declinedLink = statusLink((await waitForMail(page, declinedContact, /was received/)).text)
    await page.goto(declinedLink)
    await expect(page.locator('.status-page__status')).toHaveText('Declined')
    await expect(page.getByText('This enrollment was declined, so no kits ship.')).toBeVisible()
    await expect(page.getByText(/0 dealers/)).toHaveCount(0)
    await expect(page.locator('.status-page__table')).toContainText('Prairie Chevrolet')
    invoice = page.getByRole('region', { name: 'Invoice', exact: true })
    await expect(invoice.locator('.status-page__standing p')).toHaveText([VOID_DECLINED, credit])
    await expect(invoice.getByText('Total due', { exact: true })).toHaveCount(0)
    await expect(invoice.getByText('Total', { exact: true })).toBeVisible()
    await expect(page.locator('.status-page__timeline li').last()).toHaveText(/Invoice void$/)
    await checkPage(page)
    await page.screenshot({ path: shots('7-status-void', width), fullPage: true })

    // Its invoice page says it is void, and why.
    await page.goto(`/invoice/${declinedGuid}`)
    await expect(page.locator('.invoice-standing')).toContainText(VOID_DECLINED)
    await expect(page.locator('.invoice-standing')).toContainText(
      'The office’s reason: The dealers withdrew',
    )
    await checkPage(page)
    await page.screenshot({ path: shots('8-invoice-void', width), fullPage: true })

    // The report: void, out of the totals, the credit in its column.
    await page.goto('/admin')
    report = await downloadReport(page, 'Invoices 2025 (Excel)')
    const declinedNumber = (
      (await (await adminRequest(page, 'GET', `/api/invoices/${declinedGuid}`)).json()) as {
        invoiceNumber: string
      }
    ).invoiceNumber
    row = columnValues(report.sheet, 'Invoice Number').indexOf(declinedNumber)
    expect(columnValues(report.sheet, 'Standing')[row]).toBe('Void')
    expect(columnValues(report.sheet, 'Credit Due Back')[row]).toBe(975)

    // A regional manager of Great Lakes and California opens the Central enrollment's link.
    await page.getByRole('link', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Yes, sign me out' }).click()
    await page.waitForURL(/\/admin$/)
    await signIn(page, 'regional@example.com')
    await page.goto(`/admin/enrollments/${revisedGuid}`)
    const notFound = page.getByRole('dialog', { name: 'Enrollment' })
    await expect(notFound.getByRole('alert')).toContainText('There is no enrollment with this id.')
    await expect(notFound.getByRole('button', { name: 'Save Changes' })).toHaveCount(0)
    await expect(notFound.getByRole('button', { name: 'Approve' })).toHaveCount(0)
    await checkPage(page, { targetSize: true })
  })
}
