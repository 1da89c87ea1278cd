import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { adminRequest, dealerBody, signIn } from './support/admin'
import { freshBac, freshName, waitForMail } from './support/enrollment-data'
import { BASE_URL } from './support/servers'

/**
 * From approved to shipped (docs/product.md#shipping, issue 38): an administrator adds a sales
 * event and releases its manifest; the print vendor signs in on its own page, downloads the
 * release, uploads tracking with one bad row (nothing recorded, the row's error shown), fixes it
 * and uploads again; the dealer's status page and mail show the shipment; a change after the
 * release shows in the next release as a change. At 1280 px in full, the upload and the status
 * page also at 390 px, with axe; screenshots in test-results/shipping/.
 */

const shot = (name: string, width: number) => `test-results/shipping/${name}-${width}.png`

function statusLink(text: string): string {
  const escaped = BASE_URL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const link = new RegExp(`${escaped}/chevy/enrollment/status/[A-Za-z0-9_-]{43}`).exec(text)?.[0]
  expect(link, 'a status link in the mail').toBeTruthy()
  return link as string
}

/** axe, and nothing wider than the window. */
async function checkPage(page: Page): Promise<void> {
  await expectAccessible(page)
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow, 'no sideways scrolling').toBeLessThanOrEqual(0)
}

/** Submits a dealer enrollment and approves it; answers its BAC, representative and status link. */
async function approvedDealer(page: Page, name: string) {
  const bac = freshBac()
  const body = dealerBody(name, bac)
  const submitted = await page.request.post('/api/enrollments', { data: body })
  expect(submitted.status()).toBe(201)
  const email = body.dealers[0]?.authEmailAddress ?? ''
  const receipt = await waitForMail(page, email, /received/)
  const list = await adminRequest(page, 'GET', `/api/enrollments?year=2025&search=${bac}`)
  // The BAC is this test's own: the one row the search finds.
  const guid = ((await list.json()) as Array<{ guid: string }>)[0]?.guid ?? ''
  expect(guid, 'the enrollment in the list').toBeTruthy()
  const approved = await adminRequest(page, 'POST', `/api/enrollments/${guid}/approve`)
  expect(approved.status()).toBe(200)
  return { bac, guid, email, link: statusLink(receipt.text) }
}

/** Uploads a CSV of these lines (after the header) on the vendor's page. */
async function uploadTracking(page: Page, name: string, lines: string[]): Promise<void> {
  const csv = ['BAC,Event Code,Carrier,Tracking Number,Shipped Date', ...lines].join('\r\n')
  await page.getByLabel('Tracking file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(`${csv}\r\n`),
  })
  await page.getByRole('button', { name: 'Upload' }).click()
}

test('an event released, tracking uploaded by the vendor, the dealer told; a change shows in the next release', async ({
  page,
  browser,
}) => {
  test.slow()
  await page.setViewportSize({ width: 1280, height: 900 })
  await signIn(page)
  const first = await approvedDealer(page, freshName('Shipping Motors'))
  const second = await approvedDealer(page, freshName('Parcel Chevrolet'))

  // The administrator adds an event of 2025 on the Shipping tab.
  const eventName = freshName('Spring Tent Sale')
  await page.goto('/admin/shipping?year=2025&brand=chevy')
  await page.getByRole('button', { name: 'Add event' }).click()
  const adding = page.getByRole('dialog', { name: 'Add a sales event' })
  await adding.getByLabel('Name').fill(eventName)
  await adding.getByLabel('Ship by').fill('2025-03-20')
  await adding.getByLabel('In stores from').fill('2025-03-10')
  await adding.getByLabel('In stores until').fill('2025-04-10')
  await adding.getByRole('button', { name: 'Add event' }).click()
  // The server's rule, at the field: kits ship by the first day in stores.
  await expect(
    adding.getByText('Kits must ship by the first in-store date at the latest.'),
  ).toBeVisible()
  await adding.getByLabel('Ship by').fill('2025-03-01')
  await adding.getByRole('button', { name: 'Add event' }).click()
  await expect(adding).toBeHidden()
  const row = page.getByRole('row', { name: new RegExp(eventName) })
  await expect(row).toBeVisible()
  const code = (await row.getByRole('cell').first().textContent())?.trim() ?? ''
  expect(code).toMatch(/^CHEVY-2025-\d+$/)

  // Its manifest lists both dealers; the administrator releases it.
  await row.getByRole('button', { name: `Manifest of ${eventName}` }).click()
  const manifest = page.getByRole('region', { name: new RegExp(eventName) }).first()
  await expect(manifest.getByText(first.bac)).toBeVisible()
  await expect(manifest.getByText(second.bac)).toBeVisible()
  await checkPage(page)
  await page.screenshot({ path: shot('manifest', 1280), fullPage: true })
  await page.getByRole('button', { name: 'Release to vendor' }).click()
  await page
    .getByRole('dialog', { name: 'Release the manifest' })
    .getByRole('button', { name: 'Release', exact: true })
    .click()
  await expect(page.getByText(/Last released: release 1,/)).toBeVisible()

  // The vendor signs in: its own page, nothing else.
  const vendorContext = await browser.newContext({ baseURL: BASE_URL })
  const vendor = await vendorContext.newPage()
  for (const width of [1280, 390] as const) {
    await vendor.setViewportSize({ width, height: 900 })
    if (width === 1280) {
      await signIn(vendor, 'vendor@example.com')
      await expect(vendor).toHaveURL(/\/fulfillment$/)
      await vendor.goto('/admin/enrollments')
      await expect(
        vendor.getByText(/not authorized|not allowed|print vendor/i).first(),
      ).toBeVisible()
    }
    await vendor.goto('/fulfillment?year=2025&brand=chevy')
    await expect(vendor.getByRole('heading', { name: new RegExp(eventName) }).first()).toBeVisible()
    if (width === 1280) {
      const [download] = await Promise.all([
        vendor.waitForEvent('download'),
        vendor.getByRole('button', { name: 'CSV, whole manifest, release 1' }).click(),
      ])
      const text = await readFile(await download.path(), 'utf8')
      expect(text).toContain(`${code},${eventName}`)
      expect(text).toContain(first.bac)
    }
    await checkPage(vendor)
    await vendor.screenshot({ path: shot('vendor', width), fullPage: true })
  }

  // Tracking with one bad row: nothing recorded, the row's error shown (at 390 px too).
  const good = `${first.bac},${code},UPS,1Z999AA10123456784,2025-02-20`
  const bad = `${second.bac},${code},FedEx,794612345678,2025-02-31`
  for (const width of [390, 1280] as const) {
    await vendor.setViewportSize({ width, height: 900 })
    await uploadTracking(vendor, 'tracking.csv', [good, bad])
    await expect(vendor.getByText('tracking.csv was not recorded.')).toBeVisible()
    const errors = vendor.getByRole('list', { name: 'Errors in tracking.csv' })
    await expect(errors.getByText(/^Row 3:/)).toBeVisible()
    await expect(errors.getByRole('listitem')).toHaveCount(1)
    await checkPage(vendor)
    await vendor.screenshot({ path: shot('upload-refused', width), fullPage: true })
  }
  const before = await adminRequest(page, 'GET', `/api/enrollments/${first.guid}/shipments`)
  expect(JSON.stringify(await before.json())).not.toContain('1Z999AA10123456784')

  // Fixed, it is recorded.
  await uploadTracking(vendor, 'tracking-fixed.csv', [
    good,
    bad.replace('2025-02-31', '2025-02-21'),
  ])
  await expect(vendor.getByText('tracking-fixed.csv is uploaded.')).toBeVisible()
  await expect(
    vendor.getByText('2 rows read: 2 shipments recorded now, 0 rows already recorded.'),
  ).toBeVisible()
  await vendor.screenshot({ path: shot('upload-done', 1280), fullPage: true })

  // The dealer's mail and status page show the shipment, the number a link to UPS.
  const notice = await waitForMail(page, first.email, /have shipped/)
  expect(notice.text).toContain('1Z999AA10123456784')
  expect(notice.text).not.toContain('1 Test Road')
  const enrollee = await vendorContext.newPage()
  for (const width of [1280, 390] as const) {
    await enrollee.setViewportSize({ width, height: 900 })
    await enrollee.goto(first.link)
    const shipped = enrollee.getByRole('link', { name: '1Z999AA10123456784' })
    await expect(shipped).toBeVisible()
    expect(await shipped.getAttribute('href')).toContain('ups.com')
    await expect(enrollee.getByText(/Shipped on Feb 20, 2025 by UPS, tracking/)).toBeVisible()
    await checkPage(enrollee)
    await enrollee.screenshot({ path: shot('status-page', width), fullPage: true })
  }

  // A change after the release: the office moves the first dealer; release 2 says Changed.
  const loaded = await (await adminRequest(page, 'GET', `/api/enrollments/${first.guid}`)).json()
  const moved = await adminRequest(page, 'POST', `/api/enrollments/${first.guid}/update`, {
    ...loaded,
    regionId: loaded.regionId ?? 1,
    dealers: [{ ...loaded.dealers[0], address: '9 New Dock Road' }],
  })
  expect(moved.status()).toBe(200)
  await page.goto('/admin/shipping?year=2025&brand=chevy')
  await page.getByRole('button', { name: `Manifest of ${eventName}` }).click()
  await expect(page.getByText('9 New Dock Road')).toBeVisible()
  await page.getByRole('button', { name: 'Release to vendor' }).click()
  await page
    .getByRole('dialog', { name: 'Release the manifest' })
    .getByRole('button', { name: 'Release', exact: true })
    .click()
  await expect(page.getByText(/Last released: release 2,/)).toBeVisible()
  await vendor.goto('/fulfillment?year=2025&brand=chevy')
  const [changes] = await Promise.all([
    vendor.waitForEvent('download'),
    vendor.getByRole('button', { name: 'CSV, changes only, release 2' }).click(),
  ])
  const changed = await readFile(await changes.path(), 'utf8')
  const lines = changed.trim().split(/\r?\n/)
  expect(lines).toHaveLength(2)
  expect(lines[1]).toContain(',2,Changed,')
  expect(lines[1]).toContain('9 New Dock Road')
  await vendorContext.close()
})
