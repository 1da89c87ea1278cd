import { expect, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { signIn } from './support/admin'
import { freshName } from './support/enrollment-data'
import {
  columnValues,
  downloadReport,
  header,
  listRows,
  lmaOf,
  MY_REGIONS,
  openFromList,
  SEARCH,
  tabNames,
  tabs,
} from './support/roles'

/**
 * What each role sees in the admin area (docs/product.md#users), signed in through the
 * development provider as its dev user: an administrator everything, a regional manager no
 * Delete, rollover or audit trail and only their regions in the Region field, a read-only user
 * every screen and download and no action that changes anything.
 */

test('an administrator: their name and role in the header, every tab, Delete and the rollover', async ({
  page,
  browser,
}) => {
  const name = freshName('Admin Role Motors')
  await lmaOf(browser, page, name, 'Great Lakes')
  await signIn(page)
  await expect(header(page)).toHaveText('Ada Admin · Administrator')
  expect(await tabNames(page)).toEqual([
    'Enrollments',
    'Dashboard',
    'Not re-enrolled',
    'Shipping',
    'Audit trail',
  ])
  await expect(
    page.getByRole('button', { name: 'Re-enroll 2024 approvals into 2025' }),
  ).toBeVisible()
  const dialog = await openFromList(page, name, 'Authorizing')
  for (const action of ['Save Changes', 'Approve', 'Re-authorize', 'Decline', 'Delete']) {
    await expect(dialog.getByRole('button', { name: action, exact: true })).toBeVisible()
  }
  // Every region is offered.
  expect(await dialog.getByLabel('Region').locator('option').count()).toBeGreaterThan(3)
  await expect(
    dialog.getByRole('button', { name: 'Revoke and re-issue status link' }),
  ).toBeVisible()
  await expectAccessible(page)
})

for (const width of [1280, 390] as const) {
  test(`at ${width} px: a regional manager has their regions in the header and the Region field, and no Delete, rollover or audit trail`, async ({
    page,
    browser,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 900 })
    const name = freshName('Regional Role Motors')
    await lmaOf(browser, page, name, 'Great Lakes')
    await signIn(page, 'regional@example.com')
    await expect(header(page)).toHaveText(
      'Rhea Regional · Regional manager: Great Lakes, California',
    )
    // The header's longer role still fits: nothing sideways, Log out whole on screen.
    await expect(page.getByRole('link', { name: 'Log out' })).toBeInViewport({ ratio: 1 })
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0)
    expect(await tabNames(page)).toEqual([
      'Enrollments',
      'Dashboard',
      'Not re-enrolled',
      'Shipping',
    ])

    // The list: bulk selection stays theirs, the rollover does not.
    await expect(listRows(page).first()).toBeVisible()
    await expect(
      page.getByRole('checkbox', { name: 'Select all enrollments on this page' }),
    ).toHaveCount(1)
    await expect(page.getByRole('button', { name: /^Re-enroll / })).toHaveCount(0)
    await expectAccessible(page, { targetSize: true })

    // The dialog: every action but Delete; the Region field offers their regions only.
    const dialog = await openFromList(page, name, 'Authorizing')
    for (const action of ['Save Changes', 'Approve', 'Re-authorize', 'Decline']) {
      await expect(dialog.getByRole('button', { name: action, exact: true })).toBeVisible()
    }
    await expect(dialog.getByRole('button', { name: 'Delete' })).toHaveCount(0)
    const region = dialog.getByLabel('Region')
    await expect(region.locator('option')).toHaveText(['Select...', ...MY_REGIONS])
    await expect(region.locator('option:checked')).toHaveText('Great Lakes')
    await expect(dialog.getByRole('textbox', { name: /Add a note/ })).toHaveCount(0)
    await dialog.getByText('Internal notes', { exact: true }).click()
    await expect(dialog.getByRole('textbox', { name: /Add a note/ })).toBeVisible()
    await expect(
      dialog.getByRole('button', { name: 'Revoke and re-issue status link' }),
    ).toBeVisible()
    await expectAccessible(page)

    // Unsaved changes hold back the actions they have, Delete unnamed; Save moves the
    // enrollment to their other region.
    await region.selectOption('California')
    await expect(
      dialog.getByText('Save or undo your changes to approve, re-authorize or decline.'),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'Yes' })
      .click()
    await expect(page.getByText('Changes saved.')).toBeVisible()
    await expect(region.locator('option:checked')).toHaveText('California')
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()

    // The audit trail is not theirs: no tab, and its address is no page.
    await page.goto('/admin/audit')
    await expect(page.getByText('Page not found.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toHaveCount(0)

    await tabs(page).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expectAccessible(page)
    await tabs(page).getByRole('link', { name: 'Not re-enrolled' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Not Re-enrolled' })).toBeVisible()
    await expectAccessible(page)
  })

  test(`at ${width} px: a read-only user sees every screen and downloads a report, and no action that changes anything`, async ({
    page,
    browser,
  }) => {
    test.slow()
    await page.setViewportSize({ width, height: 900 })
    const name = freshName('Reader Role Motors')
    await lmaOf(browser, page, name, 'California', true)
    await signIn(page, 'reader@example.com')
    await expect(header(page)).toHaveText('Rory Reader · Read-only')
    await expect(page.getByRole('link', { name: 'Log out' })).toBeInViewport({ ratio: 1 })
    expect(await tabNames(page)).toEqual([
      'Enrollments',
      'Dashboard',
      'Not re-enrolled',
      'Shipping',
      'Audit trail',
    ])

    // The list: no selection (so no bulk actions), no rollover; its export stays.
    await expect(listRows(page).first()).toBeVisible()
    await expect(page.getByRole('checkbox')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Re-enroll / })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible()
    await expectAccessible(page, { targetSize: true })

    // The dialog: the form as it is, no button of any action; every panel to read.
    const dialog = await openFromList(page, name, 'Approved')
    await expect(
      dialog.getByText('Your role is read-only: you can see this enrollment but not change it.'),
    ).toBeVisible()
    await expect(dialog.getByLabel('City')).toBeDisabled()
    await expect(dialog.getByLabel('Region')).toBeDisabled()
    for (const action of [
      'Save Changes',
      'Save & Close',
      'Approve',
      'Re-authorize',
      'Decline',
      'Delete',
      'Mark Paid',
      'Mark Unpaid',
      'Add Note',
      'Revoke and re-issue status link',
    ]) {
      await expect(dialog.getByRole('button', { name: action, exact: true })).toHaveCount(0)
    }
    const payment = dialog.getByRole('region', { name: 'Invoice payment' })
    await expect(payment).toContainText('Unpaid')
    await expect(payment.getByLabel('Paid on')).toHaveCount(0)
    await expect(dialog.getByRole('link', { name: 'View Invoice' })).toBeVisible()
    await dialog.getByText('History', { exact: true }).click()
    await expect(dialog.locator('.history__list li').first()).toBeVisible()
    await dialog.getByText('Internal notes', { exact: true }).click()
    await expect(dialog.getByText('No notes yet.')).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: /Add a note/ })).toHaveCount(0)
    await dialog.getByText('Mails', { exact: true }).click()
    const mails = dialog.getByRole('table', { name: 'Mails about this enrollment' })
    await expect(mails).toContainText('Authorization request')
    await expect(mails.getByRole('columnheader')).toHaveText([
      'Mail',
      'To',
      'Status',
      'Attempts',
      'Sent',
    ])
    await expectAccessible(page, { targetSize: true })
    await dialog.getByRole('button', { name: 'Close', exact: true }).click()

    // A report downloads as for anyone who may read it.
    const { filename, sheet } = await downloadReport(page, 'All enrollments (Excel)')
    expect(filename).toMatch(/^pos-enrollments-\d{4}-\d\d-\d\d\.xlsx$/)
    expect(sheet.rowCount).toBeGreaterThan(1)

    await tabs(page).getByRole('link', { name: 'Dashboard' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expectAccessible(page)

    // The not-re-enrolled list and its export, without a selection or an invitation.
    await tabs(page).getByRole('link', { name: 'Not re-enrolled' }).click()
    await expect(page.getByRole('table', { name: 'Not re-enrolled' })).toBeVisible()
    await expect(page.getByRole('checkbox')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^Invite/ })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible()
    await expectAccessible(page, { targetSize: true })

    await tabs(page).getByRole('link', { name: 'Audit trail' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible()
    await expectAccessible(page)
  })
}

/**
 * Depends on the server limiting a regional manager's list, exports and not-re-enrolled list to
 * their regions (issue 28, item 1).
 */
test('a regional manager’s list, export and not-re-enrolled list hold their regions’ enrollments only', async ({
  page,
  browser,
}) => {
  test.slow()
  const prefix = freshName('Scoped Role')
  await lmaOf(browser, page, `${prefix} Lakes`, 'Great Lakes')
  await lmaOf(browser, page, `${prefix} Northeast`, 'Northeast')
  await signIn(page, 'regional@example.com')
  await page.getByPlaceholder(SEARCH).fill(prefix)
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
  await expect(listRows(page).locator('.list-table__name')).toHaveText([`${prefix} Lakes`])

  const { sheet } = await downloadReport(page, 'All enrollments (Excel)')
  const regions = new Set(columnValues(sheet, 'Region'))
  expect([...regions].filter((region) => !MY_REGIONS.includes(String(region)))).toEqual([])

  await tabs(page).getByRole('link', { name: 'Not re-enrolled' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Not Re-enrolled' })).toBeVisible()
  await expect(page.locator('.not-re-enrolled__summary')).toBeVisible()
  await expect(page.getByRole('progressbar', { name: 'Loading the list' })).toHaveCount(0)
  const shown = await page
    .locator('.not-re-enrolled__table td[data-label="Region"]')
    .allTextContents()
  expect(shown.filter((region) => !MY_REGIONS.includes(region))).toEqual([])
  // Its Region filter offers their regions only (another is a 400).
  await expect(page.getByLabel('Region').locator('option')).toHaveText([
    'All regions',
    ...MY_REGIONS,
  ])
})
