import { expect, type Locator, type Page, test } from '@playwright/test'
import { MAX_LENGTH } from '../shared/enrollment/field-limits'
import { lengthMessage } from '../shared/enrollment/validation-messages'
import { expectAccessible } from './support/accessibility'
import { expectDealerRows } from './support/dealer-table'

/** `count` characters of words, as a person might paste them (no space at either end). */
const longText = (count: number) =>
  `${'Northern Plains Chevrolet Dealers Association of the Upper Midwest '.repeat(4).slice(0, count - 1)}s`

/** Pastes `text` into `field` (the browser's own paste path: one insertion, no keys). */
async function paste(page: Page, field: Locator, text: string) {
  await field.focus()
  await page.keyboard.insertText(text)
}

test.describe('text longer than a field takes', () => {
  test('the dealer form keeps typed and pasted text whole and says on submit how long it may be', async ({
    page,
  }) => {
    await page.goto('/chevy/enrollment/dealer')
    const bac = page.getByRole('combobox', { name: 'BAC' })
    const name = page.getByLabel('Dealer Name')
    const typedBac = 'A1B2C3D4E5F6G7H8I9J0K'
    await bac.focus()
    await page.keyboard.type(typedBac)
    const pastedName = longText(MAX_LENGTH.dealerName + 1)
    await paste(page, name, pastedName)
    // Nothing is cut off while typing or pasting.
    await expect(bac).toHaveValue(typedBac)
    await expect(name).toHaveValue(pastedName)

    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Please check above for errors.')).toBeVisible()
    await expect(bac).toHaveAccessibleDescription(
      new RegExp(lengthMessage(MAX_LENGTH.bacNew).replace('.', '\\.')),
    )
    await expect(bac).toHaveAttribute('aria-invalid', 'true')
    await expect(name).toHaveAccessibleDescription(lengthMessage(MAX_LENGTH.dealerName))
    await expect(page.getByText(lengthMessage(MAX_LENGTH.bacNew), { exact: true })).toBeVisible()
    await expect(
      page.getByText(lengthMessage(MAX_LENGTH.dealerName), { exact: true }),
    ).toBeVisible()
    // The keyboard is on the first field in error, and the text is still all there.
    await expect(bac).toBeFocused()
    await expect(name).toHaveValue(pastedName)
    await expectAccessible(page)

    // Shortened, the message goes with the next submit.
    await name.fill(pastedName.slice(0, MAX_LENGTH.dealerName))
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText(lengthMessage(MAX_LENGTH.dealerName), { exact: true })).toHaveCount(
      0,
    )
  })

  test('the LMA form keeps a long dealer-row BAC and previous name and says so on submit', async ({
    page,
  }) => {
    await page.goto('/chevy/enrollment/lma')
    const rowBac = page.getByRole('textbox', { name: 'BAC, dealer 1' })
    const pastedBac = '1234567890-1234567890-1234'
    await paste(page, rowBac, pastedBac)
    await page.getByLabel("The LMA's name has changed since last year").check()
    const previous = page.getByLabel('Previous LMA Name')
    const typedPrevious = longText(MAX_LENGTH.previousLmaName + 3)
    await previous.focus()
    await page.keyboard.type(typedPrevious)
    await expect(rowBac).toHaveValue(pastedBac)
    await expect(previous).toHaveValue(typedPrevious)

    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Please check above for errors.')).toBeVisible()
    await expect(rowBac).toHaveAccessibleDescription(lengthMessage(MAX_LENGTH.bacLmaRow))
    await expect(previous).toHaveAccessibleDescription(lengthMessage(MAX_LENGTH.previousLmaName))
    await expect(rowBac).toHaveValue(pastedBac)
    await expectAccessible(page)
  })
})

test.describe('phone numbers pasted with the country code', () => {
  const pasted = ['+1 (313) 555-0142', '+13135550142']

  test('the dealer form drops the +1 from the phone and fax numbers', async ({ page }) => {
    await page.goto('/chevy/enrollment/dealer')
    for (const text of pasted) {
      for (const label of ['Phone Number', 'Fax Number']) {
        const field = page.getByLabel(label)
        await field.fill('')
        await paste(page, field, text)
        await expect(field).toHaveValue('313-555-0142')
      }
    }
    // Typed key by key, the eleventh digit shows that the first was the country code.
    const phone = page.getByLabel('Phone Number')
    await phone.fill('')
    await phone.focus()
    await page.keyboard.type('+13135550142')
    await expect(phone).toHaveValue('313-555-0142')
  })

  test("the LMA form drops the +1 from the LMA's and the representative's numbers", async ({
    page,
  }) => {
    await page.goto('/chevy/enrollment/lma')
    const fields = [
      page.getByLabel('Phone Number').first(),
      page.getByLabel('Phone Number').nth(1),
      page.getByLabel('Fax Number'),
    ]
    for (const text of pasted) {
      for (const field of fields) {
        await field.fill('')
        await paste(page, field, text)
        await expect(field).toHaveValue('313-555-0142')
      }
    }
  })
})

test.describe('errors of the choice buttons', () => {
  test('the dealer form reads the error with the focused choice and moves the focus there', async ({
    page,
  }) => {
    await page.goto('/chevy/enrollment/dealer')
    await page.getByRole('combobox', { name: 'BAC' }).fill('700001')
    await page.getByLabel('Dealer Name').fill('Prairie View Chevrolet')
    await page.getByLabel('Address').fill('1200 Prairie Avenue')
    await page.getByLabel('City').fill('Peoria')
    await page.getByLabel('State').selectOption('IL')
    await page.getByLabel('Zip Code').fill('61602')
    await page.getByRole('button', { name: 'Submit' }).click()

    const kitSize = page.getByRole('radiogroup', { name: /^Kit Size/ })
    await expect(kitSize).toHaveAttribute('aria-invalid', 'true')
    const small = kitSize.getByRole('radio').first()
    // The first field in error is the first choice of Kit Size; its error is read with it.
    await expect(small).toBeFocused()
    await expect(small).toHaveAccessibleDescription('Please select a kit size.')
    for (const radio of await page
      .getByRole('radiogroup', { name: /^Hispanic Option/ })
      .getByRole('radio')
      .all()) {
      await expect(radio).toHaveAccessibleDescription('Please select a hispanic option.')
    }
    await expect(
      page
        .getByRole('radiogroup', { name: /^Billing Preference/ })
        .getByRole('radio')
        .first(),
    ).toHaveAccessibleDescription('Please select a billing preference.')
    await expectAccessible(page)

    // Chosen, the choice carries no error after the next submit.
    await page.keyboard.press('ArrowDown')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect(kitSize).not.toHaveAttribute('aria-invalid', 'true')
    await expect(small).not.toHaveAccessibleDescription('Please select a kit size.')
    await expect(
      page
        .getByRole('radiogroup', { name: /^Hispanic Option/ })
        .getByRole('radio')
        .first(),
    ).toBeFocused()
  })

  test('the LMA type reads its error with the focused choice', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Submit' }).click()
    const type = page.getByRole('radiogroup', { name: /^LMA Type/ })
    await expect(type).toHaveAttribute('aria-invalid', 'true')
    for (const radio of await type.getByRole('radio').all()) {
      await expect(radio).toHaveAccessibleDescription('LMA type is not valid.')
    }
  })
})

test.describe('Remove All in the dealer table', () => {
  test('asks before it clears rows filled from last year, and No keeps them', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    const name = page.getByRole('combobox', { name: 'LMA Name' })
    await name.fill('Chevrolet Dealers')
    await page
      .getByRole('listbox', { name: 'LMA Name suggestions' })
      .getByRole('option')
      .first()
      .click()
    const rowBac = (row: number) =>
      page.getByRole('textbox', { name: `BAC, dealer ${row}`, exact: true })
    await expect(rowBac(2)).not.toHaveValue('')
    const table = page.getByRole('table')
    const rowCount = await table.getAttribute('aria-rowcount')
    const firstBac = await rowBac(1).inputValue()

    const removeAll = page.getByRole('button', { name: 'Remove All' })
    await removeAll.click()
    const question = page.getByRole('dialog', { name: 'Please confirm' })
    await expect(question).toBeVisible()
    await expect(question).toContainText(
      'Remove every dealer row and start over with one blank row? The dealers entered so far will be lost.',
    )
    await expect(question.getByRole('button', { name: 'No' })).toBeFocused()
    await expectAccessible(page)
    // Enter answers No: nothing is lost, and the keyboard is back on Remove All.
    await page.keyboard.press('Enter')
    await expect(question).toHaveCount(0)
    await expect(table).toHaveAttribute('aria-rowcount', rowCount ?? '')
    await expect(rowBac(1)).toHaveValue(firstBac)
    await expect(removeAll).toBeFocused()

    await removeAll.click()
    await question.getByRole('button', { name: 'Yes' }).click()
    await expect(question).toHaveCount(0)
    await expect(table).toHaveAttribute('aria-rowcount', '2')
    await expect(rowBac(1)).toHaveValue('')
  })

  test('clears blank rows at once, without a question', async ({ page }) => {
    await page.goto('/chevy/enrollment/lma')
    await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
    await expectDealerRows(page, 6)
    await page.getByRole('button', { name: 'Remove All' }).click()
    await expect(page.getByRole('textbox', { name: /^BAC, dealer/ })).toHaveCount(1)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })
})
