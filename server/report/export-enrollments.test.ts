import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const CURRENCY = '"$"#,##0.00'

describe.each(testDatabaseKinds())('the enrollment export on %s', (kind) => {
  let t: AdminTestApp
  let sheet: ExcelJS.Worksheet
  let headers: string[]
  let region: { id: number; name: string }
  const guids: Record<string, string> = {}
  const references: Record<string, string> = {}

  async function submit(label: string, body: Enrollment): Promise<void> {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    guids[label] = (await loadByReceipt(t, response.json())).guid
    references[label] = response.json().reference
  }

  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    region = await t.database.db
      .selectFrom('regions')
      .select(['id', 'name'])
      .orderBy('sort_order')
      .executeTakeFirstOrThrow()
    await submit(
      'formula',
      dealerEnrollment(
        { name: '=HYPERLINK("http://x")', authTitle: '+cmd', hispanic: 'Yes' },
        { regionId: region.id },
      ),
    )
    await submit('lma', lmaEnrollment(3, { name: '@Valley Dealers', agencyName: 'Prairie Media' }))
    await submit('gm', dealerEnrollment({ name: 'GM Dealer', kitSize: 'Small' }, { brand: 'gm' }))
    await submit('lastYear', dealerEnrollment({ name: 'Last Year Dealer', hispanic: 'Only' }))
    const lastYear = guids.lastYear ?? ''
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024 })
      .where('guid', '=', lastYear)
      .execute()
    await t.database.db
      .updateTable('enrollment_dealers')
      .set({ year: 2024 })
      .where('name', '=', 'Last Year Dealer')
      .execute()

    const token = await t.idp.sign(ADMIN_CLAIMS)
    const response = await postReportForm(t.app, '/api/reports/export', { bearer_token: token })
    expect(response.statusCode).toBe(200)
    sheet = onlySheet(await openWorkbook(response))
    headers = rowValues(sheet, 1).map(String)
  })
  afterAll(() => t.close())

  const cell = (row: number, header: string) => {
    const column = headers.indexOf(header) + 1
    if (column === 0) throw new Error(`No column ${header}`)
    return sheet.getRow(row).getCell(column)
  }
  const column = (header: string) =>
    Array.from({ length: sheet.rowCount - 1 }, (_, index) => cell(index + 2, header).value)

  it('has a bold header row with every enrollment and dealer field', () => {
    expect(headers.slice(0, 8)).toEqual([
      'Enrollment Reference',
      'Year',
      'Brand',
      'Type',
      'Status',
      'Region',
      'Created (UTC)',
      'Modified (UTC)',
    ])
    for (const header of ['LMA Name', 'Agency of Record', 'LMA Authorized Rep Fax', 'BAC']) {
      expect(headers).toContain(header)
    }
    expect(headers.slice(-6)).toEqual([
      'Kit Size',
      'Hispanic',
      'Billing',
      'Kit Cost',
      'Notes (internal)',
      'Enrollment ID',
    ])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
  })

  it('has one row per dealer entry: newest year first, then brand, created, position', () => {
    expect(sheet.rowCount).toBe(1 + 6)
    expect(column('Year')).toEqual([2025, 2025, 2025, 2025, 2025, 2024])
    expect(column('Brand')).toEqual([
      'Chevrolet',
      'Chevrolet',
      'Chevrolet',
      'Chevrolet',
      'GM',
      'Chevrolet',
    ])
    expect(column('Type')).toEqual(['Dealer', 'LMA', 'LMA', 'LMA', 'Dealer', 'Dealer'])
    expect(column('Dealer Name').slice(1, 4)).toEqual([
      'Member Dealer 1',
      'Member Dealer 2',
      'Member Dealer 3',
    ])
    expect(column('Enrollment ID')).toEqual([
      guids.formula,
      guids.lma,
      guids.lma,
      guids.lma,
      guids.gm,
      guids.lastYear,
    ])
  })

  it('names each row’s enrollment by its reference', () => {
    expect(column('Enrollment Reference')).toEqual(
      ['formula', 'lma', 'lma', 'lma', 'gm', 'lastYear'].map((label) => references[label]),
    )
    expect(references.formula).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
  })

  it('repeats the enrollment on each dealer row; LMA fields only on LMA rows', () => {
    expect(column('LMA Name')).toEqual([
      null,
      "'@Valley Dealers",
      "'@Valley Dealers",
      "'@Valley Dealers",
      null,
      null,
    ])
    expect(column('Agency of Record').slice(1, 4)).toEqual(Array(3).fill('Prairie Media'))
    expect(column('Status')).toEqual([
      'Approving',
      'Authorizing',
      'Authorizing',
      'Authorizing',
      'Approving',
      'Approving',
    ])
    expect(cell(2, 'Region').value).toBe(region.name)
    expect(cell(3, 'Region').value).toBeNull()
  })

  it('writes numbers as numbers, dates as dates and the kit cost as currency', () => {
    expect(cell(2, 'Year').type).toBe(ExcelJS.ValueType.Number)
    const created = cell(2, 'Created (UTC)')
    expect(created.value).toBeInstanceOf(Date)
    expect(Math.abs((created.value as Date).getTime() - Date.now())).toBeLessThan(10 * 60_000)
    expect(created.numFmt).toBe('mmm d, yyyy, h:mm AM/PM')
    expect(cell(2, 'Modified (UTC)').value).toBeInstanceOf(Date)
    // Large + Hispanic add-on; Large, Small, Large with add-ons; Small; Large Hispanic-only.
    expect(column('Kit Cost')).toEqual([525, 525, 450, 525, 325, 400])
    expect(cell(2, 'Kit Cost').numFmt).toBe(CURRENCY)
    expect(cell(2, 'BAC').type).toBe(ExcelJS.ValueType.String)
    // Text columns keep the text format, so an edited cell stays text; an empty one too.
    expect(cell(2, 'BAC').numFmt).toBe('@')
    expect(cell(3, 'Region').numFmt).toBe('@')
    expect(cell(2, 'Year').numFmt).toBe('0')
  })

  it('keeps text that looks like a formula inert', () => {
    const name = cell(2, 'Dealer Name')
    expect(name.type).toBe(ExcelJS.ValueType.String)
    expect(name.formula).toBeUndefined()
    expect(name.value).toBe(`'=HYPERLINK("http://x")`)
    expect(cell(2, 'Dealer Auth Title').value).toBe("'+cmd")
    sheet.eachRow((row) => {
      row.eachCell((each) => expect(each.type).not.toBe(ExcelJS.ValueType.Formula))
    })
  })

  it('freezes the header row and puts an auto-filter over the data', () => {
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    const lastColumn = sheet.getRow(1).getCell(headers.length).address.replace(/\d+$/, '')
    expect(sheet.autoFilter).toBe(`A1:${lastColumn}7`)
    expect(sheet.getColumn(headers.indexOf('LMA Name') + 1).width).toBe(30)
  })
})
