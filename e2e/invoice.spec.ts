import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { signIn } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi, waitForMail } from './support/enrollment-data'

test('an approved LMA has an invoice: totals on the page, a PDF download, and the mail with the PDF', async ({
  page,
  context,
}) => {
  const lmaName = freshName('Sunrise Coast Dealers')
  const invoiceEmail = `invoices-${Date.now()}@sunrise.example`
  const rows: Array<[string, string]> = [
    ['Large', 'Yes'],
    ['Small', 'No'],
    ['Large', 'Only'],
  ]
  await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail: `rep-${Date.now()}@sunrise.example`,
    invoiceEmail,
    regionId: 8,
    type: 'Turnkey',
    dealers: rows.map(([kitSize, hispanic], index) => ({
      bac: freshBac(),
      name: `Coast Chevrolet ${index + 1}`,
      kitSize,
      hispanic,
    })),
  })

  await signIn(page)
  await page.getByPlaceholder('Search by BAC, name, email or zip code...').fill(lmaName)
  const row = page.locator('.list-table tbody tr').filter({ hasText: lmaName })
  await row.getByRole('button', { name: lmaName }).click()
  await page
    .getByRole('dialog', { name: `${lmaName} - Authorizing` })
    .getByRole('button', { name: 'Approve' })
    .click()
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
  await expect(page.getByText('Enrollment approved.')).toBeVisible()

  await row.getByRole('button', { name: lmaName }).click()
  const [invoicePage] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'View Invoice' }).click(),
  ])
  await expect(invoicePage).toHaveTitle(/^Invoice 2025-\d{4} - Dealer Funded POS Program$/)
  const number = /Invoice (2025-\d{4})/.exec(await invoicePage.title())?.[1] ?? ''
  await expect(
    invoicePage.getByText('2025 Chevrolet Dealer Funded Point of Sale Kit Program'),
  ).toBeVisible()
  await expect(invoicePage.getByText('Net 60')).toBeVisible()
  const grandTotal = invoicePage.locator('tr', { hasText: 'Grand Total' })
  // Large+Yes: $400 + $125; Small+No: $325; Large+Only: $400.
  await expect(grandTotal).toContainText('$1,250.00')
  await expect(invoicePage.locator('tbody tr')).toHaveCount(4)
  await expectAccessible(invoicePage)

  const [download] = await Promise.all([
    invoicePage.waitForEvent('download'),
    invoicePage.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`)
  const pdf = await download.createReadStream()
  const chunks: Buffer[] = []
  for await (const chunk of pdf) chunks.push(chunk as Buffer)
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-')

  const mail = await waitForMail(page, invoiceEmail, /^Invoice /)
  expect(mail.subject).toContain(number)
  expect((mail as unknown as { attachments: Array<{ filename: string }> }).attachments).toEqual([
    expect.objectContaining({ filename: expect.stringMatching(/\.pdf$/) }),
  ])

  // An invoice that cannot be loaded says which failed and why, and offers the ways on.
  await invoicePage.goto('/invoice/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f')
  const failed = invoicePage.getByRole('alert').filter({ hasText: 'could not be loaded' })
  await expect(failed).toContainText('The invoice could not be loaded.')
  await expect(failed).toContainText('This enrollment has no invoice')
  await expect(failed.getByRole('link', { name: 'Back to the enrollment list' })).toHaveAttribute(
    'href',
    '/admin',
  )
  await expect(failed.getByRole('button', { name: 'Log out' })).toBeVisible()
})

test('the invoice page asks to log in when signed out', async ({ page }) => {
  await page.goto('/invoice/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f')
  await expect(page.getByText('You must log in to use this site.')).toBeVisible()
})
