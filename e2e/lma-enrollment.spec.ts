import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn } from './support/admin'
import { expectDealerRows } from './support/dealer-table'
import { freshBac, freshName, submitLmaThroughApi, waitForMail } from './support/enrollment-data'
import { authorizationLink } from './support/servers'

test('an LMA enrolls 6 dealers, the representative authorizes from the emailed link', async ({
  page,
}) => {
  const lmaName = freshName('Heartland Chevy Dealers')
  const repEmail = `rep-${Date.now()}@heartland.example`
  await page.goto('/chevy/enrollment/lma')
  await expectAccessible(page)
  await page.getByRole('combobox', { name: 'LMA Name' }).fill(lmaName)
  await page.getByLabel('Contact Name').fill('Avery Agency')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('400 Market Street')
  await page.getByLabel('City').fill('Omaha')
  await page.getByLabel('State').selectOption('NE')
  await page.getByLabel('Zip Code').fill('68102')
  await page.getByLabel('Email Address').fill('invoices@heartland.example')
  await page.getByLabel('Phone Number').first().fill('4025550100')
  await page.getByLabel('Agency of Record').fill('Plains Media Group')
  await page.getByRole('radio', { name: 'Turnkey' }).check()
  await page.getByLabel('Full Name').fill('Riley Representative')
  await page.getByLabel('Title').fill('President')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(repEmail)
  await page.getByLabel('Phone Number').nth(1).fill('4025550111')

  await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
  await expectDealerRows(page, 6)
  for (let row = 1; row <= 6; row++) {
    await page.getByLabel(`BAC, dealer ${row}`).fill(freshBac())
    await page.getByLabel(`Dealer name, dealer ${row}`).fill(`Member Chevrolet ${row}`)
    await page
      .getByLabel(`English kit size, dealer ${row}`)
      .selectOption(row % 2 ? 'Large' : 'Small')
    await page.getByLabel(`Hispanic option, dealer ${row}`).selectOption(row === 1 ? 'Yes' : 'No')
  }
  await expect(page.getByText('Estimated yearly cost: $2,300.00 for 6 dealers')).toBeVisible()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)

  const mail = await waitForMail(page, repEmail, /authorize/i)
  // Caused by a public form, the request names no text the submitter typed.
  expect(mail.subject).toMatch(
    /^Please authorize the 2025 Chevrolet Dealer Funded POS Program enrollment [0-9A-F]{4}-/,
  )
  expect(mail.text).not.toContain(lmaName)
  const link = authorizationLink(mail.text)
  expect(link).toBeTruthy()
  const guid = new URL(link ?? '').searchParams.get('auth')

  await page.goto(link ?? '')
  await expect(page.getByText('Authorization Requested')).toBeVisible()
  // The name is no search here: a suggestion would replace what was submitted.
  await expect(page.getByRole('textbox', { name: 'LMA Name' })).toHaveValue(lmaName)
  await expect(page.getByRole('combobox', { name: 'LMA Name' })).toHaveCount(0)
  await expect(page.getByText("Type more than 2 characters to find last year's")).toHaveCount(0)
  await expect(page.getByLabel("The LMA's name has changed since last year")).toBeVisible()
  await expectAccessible(page)
  await page.getByLabel('Contact Name').fill('Avery Agency-Smith')
  await page.getByLabel('Region').selectOption({ label: 'Central' })
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)

  const stored = await (await page.request.get(`/api/enrollments/${guid}`)).json()
  expect(stored.status).toBe('Approving')
  expect(stored.lma.contact).toBe('Avery Agency-Smith')
  expect(stored.dealers).toHaveLength(6)
})

test('the dealer table buttons add, remove and clean up rows', async ({ page }) => {
  await page.goto('/chevy/enrollment/lma')
  const removeButtons = page.getByRole('button', { name: /^Remove dealer/ })
  await expect(removeButtons).toHaveCount(0)
  await page.getByRole('button', { name: 'Add Dealer' }).click()
  await expect(removeButtons).toHaveCount(2)
  await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
  await expectDealerRows(page, 7)
  await page.getByLabel('BAC, dealer 3').fill('123456')
  await page.getByRole('button', { name: 'Remove Unused' }).click()
  await expect(removeButtons).toHaveCount(0)
  await expect(page.getByLabel('BAC, dealer 1')).toHaveValue('123456')
  await page.getByRole('button', { name: 'Add Dealer' }).click()
  await page.getByRole('button', { name: 'Remove dealer 1' }).click()
  await expect(page.getByLabel('BAC, dealer 1')).toHaveValue('')
  await page.getByRole('button', { name: 'Remove All' }).click()
  await expect(page.getByLabel('BAC, dealer 1')).toHaveValue('')
  await page.getByRole('button', { name: 'Remove Unused' }).click()
  await expect(page.getByLabel('BAC, dealer 1')).toBeVisible()
})

test('the name-changed toggle reveals a required Previous LMA Name', async ({ page }) => {
  await page.goto('/chevy/enrollment/lma')
  await expect(page.getByLabel('Previous LMA Name')).toHaveCount(0)
  await page.getByLabel("The LMA's name has changed since last year").check()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Previous LMA name is required.')).toBeVisible()
  for (const message of [
    'LMA name is required.',
    'Contact name is required.',
    'Email is required.',
    'Phone number is required.',
    'Agency name is required.',
    'LMA type is not valid.',
    'BAC is required.',
    'Dealer name is required.',
    'Please select a kit size.',
    'Please select a hispanic option.',
  ]) {
    await expect(page.getByText(message, { exact: true }).first()).toBeVisible()
  }
})

test('the LMA type-ahead fills the form and the dealers from last year', async ({ page }) => {
  await page.goto('/chevy/enrollment/lma')
  const name = page.getByRole('combobox', { name: 'LMA Name' })
  await name.fill('Chevrolet Dealers')
  const first = page
    .getByRole('listbox', { name: 'LMA Name suggestions' })
    .getByRole('option')
    .first()
  await expect(first).toBeVisible()
  await first.click()
  await expect(name).not.toHaveValue('Chevrolet Dealers')
  await expect(page.getByLabel('Contact Name')).not.toHaveValue('')
  await expect(page.getByLabel('BAC, dealer 2')).not.toHaveValue('')
  await expect(
    page
      .getByRole('radio', { name: 'Turnkey' })
      .or(page.getByRole('radio', { name: 'Custom' }))
      .first(),
  ).toBeVisible()
})

test('an unknown authorization link says so and whom to contact, instead of an empty form', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/lma?auth=6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f')
  await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible()
  await expect(page.getByText(/does not lead to an enrollment/)).toBeVisible()
  await expect(page.getByRole('link', { name: /@/ }).last()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)
  await expectAccessible(page)
  await page.goto('/chevy/enrollment/lma?auth=not-an-id')
  await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible()
})

test('a link that cannot load offers to try again, and trying again opens the form', async ({
  page,
}) => {
  const guid = await submitLmaThroughApi(page, {
    name: freshName('Flaky Network Dealers'),
    repEmail: `rep-${Date.now()}@flaky.example`,
    dealers: [{ bac: freshBac(), name: 'Valley Chevrolet', kitSize: 'Small', hispanic: 'No' }],
  })
  let failures = 1
  await page.route(`**/api/enrollments/${guid}`, (route) =>
    failures-- > 0 ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  )
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Not Loaded' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByText('Authorization Requested')).toBeVisible()
})

test('a declined LMA and a dealer enrollment each get a page that says why they cannot be authorized', async ({
  page,
}) => {
  const lmaName = freshName('Declined Link Dealers')
  const guid = await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail: `rep-${Date.now()}@declined.example`,
    dealers: [{ bac: freshBac(), name: 'Valley Chevrolet', kitSize: 'Small', hispanic: 'No' }],
  })
  await signIn(page)
  expect((await adminRequest(page, 'POST', `/api/enrollments/${guid}/decline`)).status()).toBe(200)
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Enrollment Declined' })).toBeVisible()
  await expect(page.getByText(`The 2025 enrollment for ${lmaName} has been declined`)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCount(0)
  await expectAccessible(page)

  // A dealer enrollment's id in the LMA form's link.
  const list = await adminRequest(page, 'GET', '/api/enrollments?year=2025&type=Dealer')
  expect(list.status()).toBe(200)
  const [dealer] = (await list.json()) as Array<{ guid: string }>
  expect(dealer, 'a dealer enrollment to open').toBeTruthy()
  await page.goto(`/chevy/enrollment/lma?auth=${dealer?.guid}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Link Not Valid' })).toBeVisible()
  await expect(page.getByText(/leads to a dealer enrollment/)).toBeVisible()
})

test("an earlier year's authorization link still opens that enrollment, read-only", async ({
  page,
}) => {
  // The demo data's 2024 enrollments: the year is over, the links mailed then still work.
  await signIn(page)
  const list = await adminRequest(
    page,
    'GET',
    '/api/enrollments?year=2024&type=Lma&status=Approved',
  )
  expect(list.status()).toBe(200)
  const [earlier] = (await list.json()) as Array<{
    guid: string
    brand: string
    name: string
  }>
  expect(earlier, 'an approved 2024 LMA enrollment to open').toBeTruthy()
  if (!earlier) return
  await page.goto(`/${earlier.brand}/enrollment/lma?auth=${earlier.guid}`)
  await expect(page.getByText('Enrollment Approved')).toBeVisible()
  await expect(page.getByText('No further changes can be made.')).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'LMA Name' })).toHaveValue(earlier.name)
  await expect(page.getByRole('textbox', { name: 'LMA Name' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Authorize' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0)
  await expect(page.getByText(/Enrollment Deadline/)).toHaveCount(0)
  await expectAccessible(page)
})

test('an authorization refused because the enrollment changed meanwhile says so and keeps the edits', async ({
  page,
}) => {
  const lmaName = freshName('Changed Meanwhile Dealers')
  const repEmail = `rep-${Date.now()}@meanwhile.example`
  const guid = await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail,
    dealers: [{ bac: freshBac(), name: 'Valley Chevrolet', kitSize: 'Large', hispanic: 'No' }],
  })
  await page.goto(`/chevy/enrollment/lma?auth=${guid}`)
  await expect(page.getByText('Authorization Requested')).toBeVisible()
  await page.getByLabel('Contact Name').fill('Edited By The Representative')

  // Meanwhile the enrollment changes (here: authorized from another tab), so this page is stale.
  const current = await (await page.request.get(`/api/enrollments/${guid}`)).json()
  const other = await page.request.post(`/api/enrollments/${guid}/authorize`, { data: current })
  expect(other.status()).toBe(200)

  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page.getByText(/changed this enrollment after you opened this page/)).toBeVisible()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/lma\?auth=/)
  await expect(page.getByLabel('Contact Name')).toHaveValue('Edited By The Representative')
  await expectAccessible(page)
})
