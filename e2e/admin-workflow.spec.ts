import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import ExcelJS from 'exceljs'
import { expectAccessible } from './support/accessibility'
import { adminRequest, signIn, submitDealer } from './support/admin'
import { freshBac, freshName, submitLmaThroughApi } from './support/enrollment-data'

/**
 * The administrator's work in the admin area (docs/product.md#admin-area): who may use it, the
 * detail dialog's actions, the history, the addresses of the list and of each enrollment, and
 * the list's sorting, counting, filtering and export.
 */

const SEARCH = 'Search by BAC, name, email or zip code...'
const WIDTHS = [390, 1280] as const

const listRows = (page: Page) => page.locator('.list-table tbody tr')

/** Searches, and waits for the server's answer: until then the list shows the previous one. */
async function searchFor(page: Page, text: string, found = 1) {
  await page.getByPlaceholder(SEARCH).fill(text)
  await expect(listRows(page)).toHaveCount(found)
  await listSettled(page)
}

async function confirmYes(page: Page) {
  await page
    .getByRole('dialog', { name: 'Please confirm' })
    .getByRole('button', { name: 'Yes' })
    .click()
}

/** Waits until the list shows the server's answer for what is in the address (no fetch pending). */
async function listSettled(page: Page) {
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('a signed-in user who is no administrator is told so, with whom to ask', async ({
      page,
    }) => {
      await signIn(page, 'viewer@example.com', { throughTheForm: true })
      await expect(page.getByRole('heading', { name: 'Not Authorized' })).toBeVisible()
      await expect(page).toHaveTitle('Not Authorized - Dealer Funded POS Program')
      const main = page.getByRole('main')
      await expect(main).toContainText(
        'You are signed in as viewer@example.com, but this account is not an administrator of the Dealer Funded POS Program.',
      )
      await expect(main).toContainText(
        'To be given access, contact IT support: Program IT Help Desk',
      )
      await expect(main.getByRole('link', { name: 'it-support@example.com' })).toHaveAttribute(
        'href',
        'mailto:it-support@example.com',
      )
      await expect(main.getByRole('link', { name: '1-800-555-0199' })).toHaveAttribute(
        'href',
        'tel:18005550199',
      )
      // Nothing of the admin interface: no list, no filters, no reports.
      await expect(page.getByText('No enrollments to display.')).toHaveCount(0)
      await expect(page.getByPlaceholder(SEARCH)).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Reports' })).toHaveCount(0)
      await expectAccessible(page)
      await main.getByRole('button', { name: 'Log out' }).click()
      await page.getByRole('button', { name: 'Yes, sign me out' }).click()
      await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible()
    })

    test('the dialog keeps its actions in view, says why one is disabled, and speaks to the office', async ({
      page,
    }) => {
      const name = freshName('Sticky Motors')
      const dealer = await submitDealer(page, name, 'None')
      await signIn(page)
      await searchFor(page, dealer.dealers[0]?.bac ?? '')
      await listRows(page).getByRole('button', { name }).click()
      const dialog = page.getByRole('dialog', { name: `${name} - Declined` })
      await expect(dialog.getByLabel('City')).toBeVisible()

      // Public-form wording is gone: no statement, no agreement text, no BAC look-up.
      await expect(dialog.getByText('By submitting this form')).toHaveCount(0)
      await expect(dialog.getByText('automatically re-enrolled')).toHaveCount(0)
      await expect(dialog.getByText('Type more than 2 characters')).toHaveCount(0)
      await expect(dialog.getByRole('combobox', { name: 'BAC' })).toHaveCount(0)
      await expect(dialog.getByRole('textbox', { name: 'BAC' })).toHaveValue(
        dealer.dealers[0]?.bac ?? '',
      )

      // Each disabled action says why, on screen and to a screen reader.
      const approve = dialog.getByRole('button', { name: 'Approve' })
      const decline = dialog.getByRole('button', { name: 'Decline' })
      await expect(approve).toBeDisabled()
      await expect(approve).toHaveAccessibleDescription(
        'Approve: A dealer who declined billing cannot be approved.',
      )
      await expect(decline).toHaveAccessibleDescription(
        'Decline: This enrollment is already declined.',
      )
      await expect(
        dialog.getByText('A dealer who declined billing cannot be approved.'),
      ).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled()

      // At the top of the 1,800 px form the actions are still on screen.
      await dialog.getByLabel('Region').focus()
      await expect(dialog.getByRole('button', { name: 'Save Changes' })).toBeInViewport()
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeInViewport()
      await expectAccessible(page)

      // An edit shows the unsaved-changes state beside the actions, wherever the form is.
      await dialog.getByLabel('City').fill('East Lansing')
      await dialog.getByLabel('Region').focus()
      const unsaved = dialog.getByText('Unsaved changes.')
      await expect(unsaved).toBeInViewport()
      await expect(
        dialog.getByText('Save or undo your changes to approve, re-authorize, decline or delete.'),
      ).toBeInViewport()
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeDisabled()
      await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveAccessibleDescription(
        /Unsaved changes\. Save or undo your changes/,
      )
      await dialog.getByLabel('Email').last().focus()
      await expect(unsaved).toBeInViewport()
      await expectAccessible(page)

      // Undoing the edit takes the note away again.
      await dialog.getByLabel('City').fill('Lansing')
      await expect(unsaved).toHaveCount(0)
      await expect(dialog.getByRole('button', { name: 'Delete' })).toBeEnabled()
    })

    test('an enrollment has an address: bookmarked, reloaded, closed back to its row', async ({
      page,
    }) => {
      const name = freshName('Address Motors')
      const dealer = await submitDealer(page, name)
      const bac = dealer.dealers[0]?.bac ?? ''
      await signIn(page)
      await searchFor(page, bac)
      await expect(page).toHaveURL(new RegExp(`/admin\\?q=${bac}$`))
      const button = listRows(page).getByRole('button', { name })
      await button.focus()
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
      await expect(dialog).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`/admin/enrollments/[0-9a-f-]{36}\\?q=${bac}$`))
      const address = page.url()

      // The address opens the dialog again, over the same filtered list.
      await page.reload()
      await expect(dialog).toBeVisible()
      await expect(page.getByPlaceholder(SEARCH)).toHaveValue(bac)
      await expect(dialog.getByLabel('Dealer Name')).toHaveValue(name)
      await dialog.getByRole('button', { name: 'Close', exact: true }).click()
      await expect(dialog).toBeHidden()
      await expect(page).toHaveURL(new RegExp(`/admin\\?q=${bac}$`))
      await expect(listRows(page).getByRole('button', { name })).toBeFocused()

      // Opened from the list, Escape closes it and Back does not open it again.
      await listRows(page).getByRole('button', { name }).click()
      await expect(dialog).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect(page).toHaveURL(new RegExp(`/admin\\?q=${bac}$`))
      await expect(listRows(page).getByRole('button', { name })).toBeFocused()

      // Signed out, the address asks to log in and comes back to the enrollment.
      const other = await page
        .context()
        .browser()
        ?.newContext({ viewport: { width, height: 900 } })
      if (!other) throw new Error('no browser')
      const fresh = await other.newPage()
      await fresh.goto(address)
      await fresh.getByRole('button', { name: 'Click Here to Login' }).click()
      await fresh.getByLabel('Email').fill('admin@example.com')
      await fresh.getByLabel('Password').fill('dev')
      await fresh.getByRole('button', { name: 'Sign in' }).click()
      await expect(fresh.getByRole('dialog', { name: `${name} - Approving` })).toBeVisible()
      expect(fresh.url()).toBe(address)
      await expectAccessible(fresh)
      await other.close()
    })
  })
}

test('a deleted row opens nothing, and the keyboard lands on it after the delete', async ({
  page,
}) => {
  const name = freshName('Gone Motors')
  const dealer = await submitDealer(page, name)
  await signIn(page)
  await searchFor(page, dealer.dealers[0]?.bac ?? '')
  const row = listRows(page).filter({ hasText: name })
  await row.getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - Approving` })
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await confirmYes(page)
  await expect(page.getByText('Enrollment deleted.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(row.locator('.status')).toHaveText('Deleted')
  await expect(row.getByRole('button', { name })).toHaveCount(0)
  await expect(row.getByText(name)).toBeFocused()
  await expect(page.getByRole('status').filter({ hasText: 'enrollments' })).toHaveText(
    '0 enrollments, 0 dealers, 0 kits, amount $0.00',
  )
  await row.click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page).toHaveURL(/\/admin\?q=/)
  await expectAccessible(page)
})

test('the history names fields, regions, money and dealer rows as people do', async ({ page }) => {
  const lmaName = freshName('History LMA')
  const [first, second, third, added] = [freshBac(), freshBac(), freshBac(), freshBac()]
  const regions = (await (await page.request.get('/api/regions')).json()) as Array<{
    id: number
    name: string
  }>
  const [from, to] = [regions[2], regions[10]]
  if (!from || !to) throw new Error('regions missing')
  const guid = await submitLmaThroughApi(page, {
    name: lmaName,
    repEmail: `rep-${Date.now()}@history.example`,
    regionId: from.id,
    dealers: [
      { bac: first, name: 'First Chevrolet', kitSize: 'Large', hispanic: 'Only' },
      { bac: second, name: 'Second Chevrolet', kitSize: 'Large', hispanic: 'No' },
      { bac: third, name: 'Third Chevrolet', kitSize: 'Small', hispanic: 'Yes' },
    ],
  })
  await signIn(page)
  const stored = await (await page.request.get(`/api/enrollments/${guid}`)).json()
  const [, keep, change] = stored.dealers
  const saved = await adminRequest(page, 'POST', `/api/enrollments/${guid}/update`, {
    ...stored,
    regionId: to.id,
    lma: { ...stored.lma, emailAddress: 'new-invoices@history.example' },
    dealers: [
      keep,
      { ...change, kitSize: 'Large' },
      { ...keep, bac: added, name: 'Added Chevrolet', kitSize: 'Small', hispanic: 'Yes' },
    ],
  })
  expect(saved.status()).toBe(200)

  await searchFor(page, lmaName)
  await listRows(page).getByRole('button', { name: lmaName }).click()
  const dialog = page.getByRole('dialog', { name: `${lmaName} - Authorizing` })
  await dialog.getByText('History', { exact: true }).click()
  const changes = dialog.locator('.history__changes').last()
  await expect(changes.getByRole('listitem')).toHaveText([
    `Region: ${from.name} → ${to.name}`,
    'LMA Email: invoices@valley.example → new-invoices@history.example',
    `Dealer removed: ${first} First Chevrolet (Large, Hispanic: Only)`,
    `${third} Third Chevrolet: Kit Size: Small → Large`,
    `Dealer added: ${added} Added Chevrolet (Small, Hispanic: Yes)`,
    // Large-only $400 + Large $400 + Small with add-on $450 was $1,250; now $400 + $525 + $450.
    'Yearly cost: $1,250.00 → $1,375.00',
  ])
  await expect(dialog.getByText('regionId')).toHaveCount(0)
  await expect(dialog.getByText(/^updated by admin@example\.com/)).toBeVisible()
  await expectAccessible(page)
})

test.describe('the list', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('does not move when it fetches again', async ({ page }) => {
    await signIn(page)
    await page.getByRole('button', { name: 'Previous year' }).click()
    await listSettled(page)
    const table = page.locator('.list-table')
    const before = (await table.boundingBox())?.y
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/enrollments?*', async (route) => {
      await held
      await route.continue().catch(() => {})
    })
    await page.getByLabel('Status').selectOption('Approved')
    await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toBeVisible()
    expect((await table.boundingBox())?.y).toBe(before)
    release()
    await listSettled(page)
    expect((await table.boundingBox())?.y).toBe(before)
  })

  test('counts what the filters found, sorts by any column, and keeps it all in the address', async ({
    page,
  }) => {
    const tag = freshName('Countable')
    await submitDealer(page, `${tag} Bravo`)
    await submitDealer(page, `${tag} Alpha`)
    await submitDealer(page, `${tag} Charlie`, 'None')
    await signIn(page)
    const length = await page.evaluate(() => history.length)
    await searchFor(page, tag, 3)
    await expect(page.getByRole('status').filter({ hasText: 'enrollments' })).toHaveText(
      '3 enrollments, 2 dealers, 2 kits, amount $650.00',
    )
    const names = listRows(page).locator('.list-table__name')
    await expect(names).toHaveText([`${tag} Charlie`, `${tag} Alpha`, `${tag} Bravo`])

    const nameHeader = page.getByRole('columnheader', { name: 'Name' })
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(names).toHaveText([`${tag} Alpha`, `${tag} Bravo`, `${tag} Charlie`])
    await expect(page).toHaveURL(/[?&]sort=dealerName(&|$)/)
    await nameHeader.getByRole('button').click()
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(names).toHaveText([`${tag} Charlie`, `${tag} Bravo`, `${tag} Alpha`])
    await expect(page).toHaveURL(/[?&]sort=-dealerName(&|$)/)
    const kits = page.getByRole('columnheader', { name: 'Kits' })
    await kits.getByRole('button').click()
    await expect(listRows(page).locator('td[data-label="Kits"]')).toHaveText(['0', '1', '1'])

    await page.getByLabel('Status').selectOption('Declined')
    await expect(page.getByRole('status').filter({ hasText: 'enrollment' })).toHaveText(
      '1 enrollment, 0 dealers, 0 kits, amount $0.00',
    )
    // Filters replace the address: Back leaves the list instead of undoing a keystroke.
    expect(await page.evaluate(() => history.length)).toBe(length)
    await expect(page).toHaveURL(
      new RegExp(
        `/admin\\?status=Declined&q=${encodeURIComponent(tag).replace(/%20/g, '\\+')}&sort=kits$`,
      ),
    )
    await expectAccessible(page)

    // The address alone gives the same view.
    const address = page.url()
    await page.goto('/admin')
    await page.goto(address)
    await expect(page.getByPlaceholder(SEARCH)).toHaveValue(tag)
    await expect(page.getByLabel('Status')).toHaveValue('Declined')
    await expect(names).toHaveText([`${tag} Charlie`])
  })

  test('opens filtered from a link, with a Brand filter beside Type and Status', async ({
    page,
  }) => {
    await signIn(page)
    await page.goto('/admin?year=2024&brand=gm&status=Approved&type=LMA&sort=-kits')
    await expect(page.getByRole('group', { name: 'Year' })).toContainText('2024')
    await expect(page.getByLabel('Brand')).toHaveValue('gm')
    await expect(page.getByLabel('Type')).toHaveValue('Lma')
    await expect(page.getByLabel('Status')).toHaveValue('Approved')
    await listSettled(page)
    const rows = listRows(page)
    expect(await rows.count()).toBeGreaterThan(0)
    await expect(rows.locator('td[data-label="Brand"]').filter({ hasNotText: /^GM$/ })).toHaveCount(
      0,
    )
    await expect(rows.locator('td[data-label="Type"]').filter({ hasNotText: /^LMA$/ })).toHaveCount(
      0,
    )
    const kits = (await rows.locator('td[data-label="Kits"]').allTextContents()).map(Number)
    expect(kits).toEqual([...kits].sort((a, b) => b - a))
    await expect(page.getByRole('columnheader', { name: 'Kits' })).toHaveAttribute(
      'aria-sort',
      'descending',
    )

    await page.getByLabel('Brand').selectOption({ label: 'Chevrolet' })
    await expect(page).toHaveURL(/[?&]brand=chevy(&|$)/)
    await listSettled(page)
    await expect(
      rows.locator('td[data-label="Brand"]').filter({ hasNotText: /^Chevrolet$/ }),
    ).toHaveCount(0)
    await expectAccessible(page)
  })

  test('exports the filtered view to Excel as it is shown', async ({ page }) => {
    await signIn(page)
    await page.goto('/admin?year=2024&brand=chevy&type=Dealer&sort=dealerName')
    // The first answer is in once rows show (before it, the count says 0 and no fetch may be
    // pending yet).
    await expect(listRows(page).first()).toBeVisible()
    await listSettled(page)
    const shown = await listRows(page).locator('.list-table__name').allTextContents()
    const count = await page.getByRole('status').filter({ hasText: 'enrollments' }).textContent()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^pos-enrollment-list-\d{4}-\d\d-\d\d\.xlsx$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Uint8Array.from(await readFile(await download.path())).buffer)
    const sheet = workbook.worksheets[0]
    if (!sheet) throw new Error('no worksheet')
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1)
    expect(values(1)).toEqual([
      'Year',
      'Brand',
      'Type',
      'BAC',
      'Name',
      'Status',
      'Created',
      'Updated',
      'Kits',
      'Enrollment Reference',
    ])
    // Every page of the view, in the order shown: the first page is the workbook's first rows.
    expect(`${sheet.rowCount - 1} enrollments`).toBe(count?.split(',')[0])
    const names = Array.from({ length: shown.length }, (_, index) => values(index + 2)[4])
    expect(names).toEqual(shown)
    expect(values(2).slice(0, 3)).toEqual([2024, 'Chevrolet', 'Dealer'])
  })
})

test.describe('the list on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('sorts by a list instead of the column headers, and counts and exports as wide', async ({
    page,
  }) => {
    await signIn(page)
    await page.getByRole('button', { name: 'Previous year' }).click()
    await listSettled(page)
    await expect(page.getByRole('columnheader')).toHaveCount(0)
    await expect(page.getByRole('status').filter({ hasText: 'enrollments' })).toHaveText(
      /^\d+ enrollments, [\d,]+ dealers, [\d,]+ kits, amount \$[\d,]+\.\d\d$/,
    )
    await page.getByLabel('Sort by').selectOption({ label: 'Name, A to Z' })
    await expect(page).toHaveURL(/[?&]sort=dealerName$/)
    const names = await listRows(page).locator('.list-table__name').allTextContents()
    expect(names).toEqual(
      [...names].sort((a, b) =>
        a.localeCompare(b, 'en-US', { sensitivity: 'base', numeric: true }),
      ),
    )
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible()
    const box = await page.locator('.list-summary').boundingBox()
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390)
    await expectAccessible(page)
  })
})
