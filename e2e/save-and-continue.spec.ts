import { mkdirSync } from 'node:fs'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { expectDealerRows } from './support/dealer-table'
import { freshBac, freshName, waitForMail } from './support/enrollment-data'
import { BASE_URL } from './support/servers'

/*
 * Save and continue later (docs/product.md#save-and-continue-later): a representative saves a
 * half-filled LMA form, opens the mailed link in another browser, finds everything as saved,
 * completes it and submits. Screenshots go to SCREENSHOT_DIR when it is set.
 */

const SCREENSHOTS = process.env.SCREENSHOT_DIR
const NARROW = { width: 390, height: 844 }
const WIDE = { width: 1280, height: 900 }

async function shoot(page: Page, name: string) {
  if (!SCREENSHOTS) return
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: false })
}

/** axe at both widths, with a screenshot of each (with `show` scrolled into view). */
async function checkBothWidths(page: Page, name: string, show?: Locator) {
  for (const [label, size] of [
    ['390', NARROW],
    ['1280', WIDE],
  ] as const) {
    await page.setViewportSize(size)
    await show?.scrollIntoViewIfNeeded()
    await expectAccessible(page)
    await shoot(page, `${name}-${label}`)
  }
}

const bac = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `BAC, dealer ${row}`, exact: true })
const dealerName = (page: Page, row: number) =>
  page.getByRole('textbox', { name: `Dealer name, dealer ${row}`, exact: true })
const kitSize = (page: Page, row: number) =>
  page.getByRole('combobox', { name: `English kit size, dealer ${row}`, exact: true })
const hispanic = (page: Page, row: number) =>
  page.getByRole('combobox', { name: `Hispanic option, dealer ${row}`, exact: true })

/** A tall window renders every one of the 12 rows of the windowed dealer table. */
const TALL = { width: 1280, height: 3000 }

test('an LMA form with 12 dealer rows half filled is saved, reopened from the mailed link in a fresh browser, completed and submitted', async ({
  page,
  browser,
}) => {
  test.slow()
  const lmaName = freshName('Saved For Later Dealers')
  const contactEmail = `contact-${Date.now()}@saved.example`
  const repEmail = `rep-${Date.now()}@saved.example`
  const bacs = Array.from({ length: 12 }, () => freshBac())

  await page.setViewportSize(TALL)
  await page.goto('/chevy/enrollment/lma')
  await page.getByRole('combobox', { name: 'LMA Name' }).fill(lmaName)
  await page.getByLabel('Contact Name').fill('Avery Agency')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('400 Market Street')
  await page.getByLabel('City').fill('Omaha')
  await page.getByLabel('State').selectOption('NE')
  // Not a zip code yet, and no email address: a draft keeps what was typed.
  await page.getByLabel('Zip Code').fill('681')
  await page.getByLabel('Agency of Record').fill('Plains Media Group')
  await page.getByRole('radio', { name: 'Custom' }).check()
  await page.getByLabel('Full Name').fill('Riley Representative')
  await page.getByLabel('Title').fill('President')
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(repEmail)

  await page.getByRole('button', { name: 'Add Dealer' }).click()
  await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
  await page.getByRole('button', { name: 'Add 5 Dealers' }).click()
  await expectDealerRows(page, 12)
  // Half the rows filled, some of them only in part.
  for (let row = 1; row <= 6; row++) {
    await bac(page, row).fill(bacs[row - 1] ?? '')
    await dealerName(page, row).fill(`Saved Chevrolet ${row}`)
    if (row <= 4) await kitSize(page, row).selectOption(row % 2 ? 'Large' : 'Small')
    if (row <= 2) await hispanic(page, row).selectOption('Yes')
  }

  // The form has no email address yet: the button asks for one.
  await page.getByRole('button', { name: 'Save and continue later' }).click()
  const dialog = page.getByRole('dialog', { name: 'Save and continue later' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Email Address')).toBeFocused()
  await dialog.getByLabel('Email Address').fill('not an address')
  await dialog.getByRole('button', { name: 'Save and Email Link' }).click()
  await expect(dialog.getByText('Email is not valid.')).toBeVisible()
  await dialog.getByLabel('Email Address').fill(contactEmail)
  await checkBothWidths(page, 'save-dialog')
  await dialog.getByRole('button', { name: 'Save and Email Link' }).click()
  await expect(dialog).toHaveCount(0)
  const note = page.getByText(
    `Your form is saved. We emailed a link to continue to ${contactEmail}`,
  )
  await expect(note).toBeVisible()
  // The keyboard is back on the button, not on the page's body.
  await expect(page.getByRole('button', { name: 'Save and continue later' })).toBeFocused()
  await checkBothWidths(page, 'saved-note', note)

  // Saving again (the address is known now) keeps the same draft and sends no second mail.
  await page.setViewportSize(TALL)
  await dealerName(page, 6).fill('Saved Chevrolet 6 Updated')
  await page.getByRole('button', { name: 'Save and continue later' }).click()
  await expect(
    page.getByText(`Your form is saved. The link we emailed to ${contactEmail} opens it until`),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save and continue later' })).toBeFocused()

  const mail = await waitForMail(page, contactEmail, /^Continue your/)
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const link = new RegExp(`${escaped}/chevy/enrollment/lma\\?draft=[A-Za-z0-9_-]{43}`).exec(
    mail.text,
  )?.[0]
  expect(link).toBeTruthy()

  // A fresh browser: nothing of the first one's memory or storage.
  const context = await browser.newContext({ viewport: TALL })
  try {
    const resumed = await context.newPage()
    const response = await resumed.goto(link ?? '')
    expect(response?.headers()['cache-control']).toBe('no-store')
    expect(response?.headers()['referrer-policy']).toBe('no-referrer')
    await expect(resumed.getByText('Saved form restored')).toBeVisible()
    await expect(resumed.getByRole('combobox', { name: 'LMA Name' })).toHaveValue(lmaName)
    await expect(resumed.getByLabel('Contact Name')).toHaveValue('Avery Agency')
    await expect(resumed.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(
      '400 Market Street',
    )
    await expect(resumed.getByLabel('City')).toHaveValue('Omaha')
    await expect(resumed.getByLabel('State')).toHaveValue('NE')
    await expect(resumed.getByLabel('Zip Code')).toHaveValue('681')
    await expect(resumed.getByLabel('Email Address')).toHaveValue('')
    await expect(resumed.getByLabel('Agency of Record')).toHaveValue('Plains Media Group')
    await expect(resumed.getByRole('radio', { name: 'Custom' })).toBeChecked()
    await expect(resumed.getByLabel('Full Name')).toHaveValue('Riley Representative')
    await expect(resumed.getByLabel('Title')).toHaveValue('President')
    await expect(resumed.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(repEmail)
    await expectDealerRows(resumed, 12)
    for (let row = 1; row <= 12; row++) {
      const filled = row <= 6
      await expect(bac(resumed, row)).toHaveValue(filled ? (bacs[row - 1] ?? '') : '')
      const name = row === 6 ? 'Saved Chevrolet 6 Updated' : `Saved Chevrolet ${row}`
      await expect(dealerName(resumed, row)).toHaveValue(filled ? name : '')
      const size = row <= 4 ? (row % 2 ? 'Large' : 'Small') : ''
      await expect(kitSize(resumed, row)).toHaveValue(size)
      await expect(hispanic(resumed, row)).toHaveValue(row <= 2 ? 'Yes' : '')
    }
    await resumed.evaluate(() => window.scrollTo(0, 0))
    await checkBothWidths(resumed, 'restored-form')

    // Complete it: the missing fields and the other six rows.
    await resumed.setViewportSize(TALL)
    await resumed.getByLabel('Zip Code').fill('68102')
    await resumed.getByLabel('Email Address').fill(contactEmail)
    await resumed.getByLabel('Phone Number').first().fill('4025550100')
    await resumed.getByLabel('Phone Number').nth(1).fill('4025550111')
    for (let row = 1; row <= 12; row++) {
      if (row > 6) {
        await bac(resumed, row).fill(bacs[row - 1] ?? '')
        await dealerName(resumed, row).fill(`Saved Chevrolet ${row}`)
      }
      if (row > 4) await kitSize(resumed, row).selectOption('Small')
      if (row > 2) await hispanic(resumed, row).selectOption('No')
    }
    await resumed.getByRole('button', { name: 'Submit' }).click()
    await expect(resumed).toHaveURL(/\/chevy\/enrollment\/confirmation$/)
    await waitForMail(resumed, repEmail, /authorize/i)

    // Submitted: the link opens nothing any more.
    await resumed.goto(link ?? '')
    await expect(resumed.getByRole('heading', { name: 'Saved Form Not Found' })).toBeVisible()
  } finally {
    await context.close()
  }
})

test('a draft link that opens nothing says so and whom to contact; a draft opens only on its own brand and form', async ({
  page,
}) => {
  await page.goto(`/chevy/enrollment/lma?draft=${'x'.repeat(43)}`)
  await expect(page.getByRole('heading', { name: 'Saved Form Not Found' })).toBeVisible()
  await expect(page.getByText('This link to a saved form is not valid.')).toBeVisible()
  await expect(
    page.locator('#main').getByRole('link', { name: 'posprogram@example.com' }),
  ).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'LMA Name' })).toHaveCount(0)
  await checkBothWidths(page, 'bad-token')

  // A dealer's draft, saved through the API as the form saves it.
  const saved = await page.request.post('/api/drafts', {
    data: {
      email: 'dealer@saved.example',
      values: {
        type: 'Dealer',
        brand: 'chevy',
        year: 2025,
        regionId: null,
        lma: null,
        dealers: [
          {
            bac: '12345678',
            name: 'Scoped Chevrolet',
            address: '',
            city: '',
            state: '',
            postal: '',
            country: 'USA',
            authName: '',
            authTitle: '',
            authEmailAddress: '',
            authPhoneNumber: '',
            authFaxNumber: '',
            kitSize: '',
            hispanic: '',
            billing: '',
          },
        ],
      },
    },
  })
  expect(saved.status()).toBe(201)
  const { token } = await saved.json()
  for (const elsewhere of [
    `/chevy/enrollment/lma?draft=${token}`,
    `/gm/enrollment/dealer?draft=${token}`,
  ]) {
    await page.goto(elsewhere)
    await expect(page.getByRole('heading', { name: 'Saved Form Not Found' })).toBeVisible()
  }
  await page.goto(`/chevy/enrollment/dealer?draft=${token}`)
  await expect(page.getByText('Saved form restored')).toBeVisible()
  await expect(page.getByLabel('Dealer Name')).toHaveValue('Scoped Chevrolet')

  // Start a new form from the problem page: a blank form.
  await page.goto(`/chevy/enrollment/dealer?draft=${'y'.repeat(43)}`)
  await page.getByRole('link', { name: 'start a new Dealer Enrollment Form' }).click()
  await expect(page).toHaveURL(/\/chevy\/enrollment\/dealer$/)
  await expect(page.getByLabel('Dealer Name')).toHaveValue('')
})
