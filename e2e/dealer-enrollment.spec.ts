import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { fillDealerForm, freshBac, waitForMail } from './support/enrollment-data'

test('a dealer enrolls and reaches the Thank You page; the same BAC again is already received', async ({
  page,
}) => {
  const bac = freshBac()
  await page.goto('/chevy/enrollment/dealer')
  await expect(page.getByText('Enrollment Deadline: Feb 7, 2025')).toBeVisible()
  await expectAccessible(page)
  const email = `${bac.toLowerCase()}@receipt.example`
  await fillDealerForm(page, { bac, email })
  await expect(page.getByLabel('Phone Number')).toHaveValue('309-555-0123')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/confirmation$/)
  await expect(
    page.getByText('Your enrollment request has been submitted for review.'),
  ).toBeVisible()
  // The reference to quote is on the page (a reload keeps it) and in the receipt mailed to the
  // address the form gave.
  const reference = (await page.locator('.submission-reference strong').textContent()) ?? ''
  expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
  await page.reload()
  await expect(page.getByText(`Your reference is ${reference}.`)).toBeVisible()
  await expect(page.getByText('A receipt with it has been sent by email;')).toBeVisible()
  await expectAccessible(page)
  const receipt = await waitForMail(page, email, /was received/)
  expect(receipt.subject).toContain(reference)

  await page.goto('/chevy/enrollment/dealer')
  await fillDealerForm(page, { bac })
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/duplicate$/)
  await expect(page.getByText('Enrollment Already Received').first()).toBeVisible()
})

test('billing None disables kit size and hispanic option and reaches the declined page', async ({
  page,
}) => {
  await page.goto('/gm/enrollment/dealer')
  await page.getByRole('radio', { name: /^Large/ }).check()
  await fillDealerForm(page, { bac: freshBac(), billing: 'None' })
  await expect(page.getByRole('radio', { name: /^Small/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Only/ })).toBeDisabled()
  await expect(page.getByRole('radio', { name: /^Large/ })).not.toBeChecked()
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page).toHaveURL(/\/gm\/enrollment\/declined$/)
  await expect(
    page.getByText('You have been opted out of the 2025 Dealer Funded POS Program.'),
  ).toBeVisible()
})

test('an empty submit shows every required message under its field and the form message', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/dealer')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Please check above for errors.')).toBeVisible()
  for (const message of [
    'BAC is required.',
    'Dealer name is required.',
    'Address is required.',
    'City is required.',
    'State is not valid.',
    'Zip code is required.',
    'Please select a kit size.',
    'Please select a hispanic option.',
    'Please select a billing preference.',
    'Full name is required.',
    'Title is required.',
    'Email is not valid.',
    'Phone number is not valid.',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible()
  }
  await expect(page.getByRole('combobox', { name: 'BAC' })).toBeFocused()
  await expect(page).toHaveURL(/\/dealer$/)
  await expectAccessible(page)
})

test('messages follow the rules: invalid zip, phone, fax and email; nothing shows before submit', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/dealer')
  await fillDealerForm(page, { bac: freshBac() })
  await page.getByLabel('Zip Code').fill('61a6')
  await expect(page.getByLabel('Zip Code')).toHaveValue('616')
  await page.getByLabel('Email').fill('not-an-email')
  await page.getByLabel('Phone Number').fill('1115550123')
  await page.getByLabel('Fax Number').fill('555')
  await expect(page.getByText('Email is not valid.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Zip code is not valid.')).toBeVisible()
  await expect(page.getByText('Email is not valid.')).toBeVisible()
  await expect(page.getByText('Phone number is not valid.')).toHaveCount(2)
})

test('the BAC type-ahead suggests directory dealers after 3 characters and fills the form by keyboard', async ({
  page,
}) => {
  await page.goto('/chevy/enrollment/dealer')
  const bac = page.getByRole('combobox', { name: 'BAC' })
  await bac.fill('10')
  await page.waitForTimeout(400)
  await expect(page.getByRole('listbox', { name: 'BAC suggestions' })).toBeHidden()
  await bac.fill('100')
  const options = page.getByRole('listbox', { name: 'BAC suggestions' }).getByRole('option')
  await expect(options.first()).toBeVisible()
  expect(await options.count()).toBeLessThanOrEqual(10)
  await expect(bac).toHaveAttribute('aria-expanded', 'true')
  await bac.press('ArrowDown')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  const chosen = (await options.first().locator('.combobox__name').textContent()) ?? ''
  await bac.press('Enter')
  await expect(bac).toHaveValue(chosen)
  await expect(page.getByLabel('Dealer Name')).not.toHaveValue('')
  await expect(page.getByLabel('City')).not.toHaveValue('')
  await expect(page.getByLabel('Zip Code')).toHaveValue(/^\d{5}$/)
  await expect(page.getByRole('listbox', { name: 'BAC suggestions' })).toBeHidden()
})
