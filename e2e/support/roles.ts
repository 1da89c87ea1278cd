import { readFile } from 'node:fs/promises'
import { type Browser, expect, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { adminRequest, signIn } from './admin'
import { freshBac, submitLmaThroughApi } from './enrollment-data'
import { BASE_URL } from './servers'

/** What e2e/roles.spec.ts reads each role's screens and downloads with. */

export const SEARCH = 'Search by BAC, name, email or zip code...'
export const MY_REGIONS = ['Great Lakes', 'California']
export const listRows = (page: Page) => page.locator('.list-table tbody tr')
export const tabs = (page: Page) => page.getByRole('navigation', { name: 'Admin pages' })
export const header = (page: Page) => page.locator('.admin-header__name')

export async function regionId(page: Page, name: string): Promise<number> {
  const regions = (await (await page.request.get('/api/regions')).json()) as Array<{
    id: number
    name: string
  }>
  const region = regions.find((each) => each.name === name)
  if (!region) throw new Error(`no region ${name}`)
  return region.id
}

/** An LMA enrollment of a region, Authorizing; approved by an administrator when asked. */
export async function lmaOf(
  browser: Browser,
  page: Page,
  name: string,
  region: string,
  approve = false,
) {
  const guid = await submitLmaThroughApi(page, {
    name,
    regionId: await regionId(page, region),
    repEmail: `rep.${freshBac()}@roles.example`,
    dealers: [{ bac: freshBac(), name: `${name} Motors`, kitSize: 'Large', hispanic: 'No' }],
  })
  if (approve) {
    // The administrator signs in in a browser of their own: this page signs in as the role.
    const context = await browser.newContext({ baseURL: BASE_URL })
    const admin = await context.newPage()
    await signIn(admin)
    const answer = await adminRequest(admin, 'POST', `/api/enrollments/${guid}/approve`)
    expect(answer.status()).toBe(200)
    await context.close()
  }
  return guid
}

export async function openFromList(page: Page, name: string, status: string) {
  await page.getByPlaceholder(SEARCH).fill(name)
  await expect(listRows(page)).toHaveCount(1)
  await expect(page.getByRole('progressbar', { name: 'Loading enrollments' })).toHaveCount(0)
  await listRows(page).getByRole('button', { name }).click()
  const dialog = page.getByRole('dialog', { name: `${name} - ${status}` })
  await expect(dialog.getByLabel('City')).toBeVisible()
  return dialog
}

export async function tabNames(page: Page): Promise<string[]> {
  return tabs(page).getByRole('link').allTextContents()
}

/** Downloads a report of the header's Reports menu and reads its first worksheet. */
export async function downloadReport(page: Page, label: string) {
  await page.getByRole('button', { name: 'Reports' }).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label }).click(),
  ])
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Uint8Array.from(await readFile(await download.path())).buffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('no worksheet')
  return { filename: download.suggestedFilename(), sheet }
}

/** The values of one column of a worksheet, by its header, below the header row. */
export function columnValues(sheet: ExcelJS.Worksheet, header: string): unknown[] {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1)
  const column = headers.indexOf(header) + 1
  expect(column, `a ${header} column`).toBeGreaterThan(0)
  return Array.from(
    { length: sheet.rowCount - 1 },
    (_, index) => sheet.getRow(index + 2).getCell(column).value,
  )
}
