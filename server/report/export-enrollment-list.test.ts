import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  VIEWER_CLAIMS,
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

const URL = '/api/reports/enrollment-list'
const HEADERS = [
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
]

describe.each(testDatabaseKinds())('the export of the filtered list on %s', (kind) => {
  let t: AdminTestApp
  let token: string
  /** The receipts' references, by the name submitted. */
  const references: Record<string, string> = {}

  async function submit(body: Enrollment): Promise<string> {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    const stored = await loadByReceipt(t, response.json())
    references[stored.lma?.name || stored.dealers[0]?.name || ''] = stored.reference
    return stored.guid
  }
  async function download(fields: Record<string, string>) {
    const response = await postReportForm(t.app, URL, { bearer_token: token, ...fields })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="pos-enrollment-list-\d{4}-\d\d-\d\d\.xlsx"$/,
    )
    const sheet = onlySheet(await openWorkbook(response))
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) =>
      rowValues(sheet, index + 2),
    )
    return { sheet, headers: rowValues(sheet, 1), rows }
  }
  const names = (rows: unknown[][]) => rows.map((row) => row[4])

  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    token = await t.idp.sign(ADMIN_CLAIMS)
    await submit(dealerEnrollment({ bac: '500001', name: 'Beta Chevrolet', hispanic: 'Yes' }))
    await submit(lmaEnrollment(3, { name: 'Alpha Dealers LMA' }))
    await submit(dealerEnrollment({ bac: '500002', name: '=HYPERLINK("http://x")' }))
    await submit(dealerEnrollment({ bac: '500003', name: 'Gamma GM' }, { brand: 'gm' }))
    await submit(
      dealerEnrollment({
        bac: '500004',
        name: 'Delta Motors',
        billing: 'None',
        kitSize: 'None',
        hispanic: 'None',
      }),
    )
  })
  afterAll(() => t.close())

  it('writes the list’s columns, its rows for the filters, in the order asked', async () => {
    const { sheet, headers, rows } = await download({
      year: '2025',
      brand: 'chevy',
      type: 'Dealer',
      sort: 'dealerName',
    })
    expect(headers).toEqual(HEADERS)
    expect(sheet.getRow(1).font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    // The formula-like name sorts first ('=' before letters) and stays text.
    expect(names(rows)).toEqual(['\'=HYPERLINK("http://x")', 'Beta Chevrolet', 'Delta Motors'])
    const beta = rows[1] ?? []
    expect(beta.slice(0, 6)).toEqual([
      2025,
      'Chevrolet',
      'Dealer',
      '500001',
      'Beta Chevrolet',
      'Approving',
    ])
    expect(beta[6]).toBeInstanceOf(Date)
    expect(beta[7]).toBeInstanceOf(Date)
    expect(beta[8]).toBe(2)
    expect(rows[2]?.slice(5, 9)).toEqual(['Declined', expect.any(Date), expect.any(Date), 0])
  })

  it('names each row’s enrollment by its reference, after the list’s columns', async () => {
    const { rows } = await download({ year: '2025' })
    expect(rows.map((row) => [row[4], row[9]])).toEqual(
      [
        'Delta Motors',
        'Gamma GM',
        '=HYPERLINK("http://x")',
        'Alpha Dealers LMA',
        'Beta Chevrolet',
      ].map((name) => [name.startsWith('=') ? `'${name}` : name, references[name]]),
    )
    const reference = references['Gamma GM'] ?? ''
    const found = await download({ search: reference.slice(0, 7).toLowerCase() })
    expect(found.rows.map((row) => row[9])).toContain(reference)
  })

  it('sorts descending with a leading minus, and by kits', async () => {
    expect(names((await download({ year: '2025', sort: '-dealerName' })).rows)).toEqual([
      'Gamma GM',
      'Delta Motors',
      'Beta Chevrolet',
      'Alpha Dealers LMA',
      '\'=HYPERLINK("http://x")',
    ])
    const byKits = (await download({ year: '2025', sort: '-kits' })).rows
    expect(byKits.map((row) => row[8])).toEqual([6, 2, 1, 1, 0])
    expect(byKits[0]?.slice(1, 5)).toEqual(['Chevrolet', 'LMA', undefined, 'Alpha Dealers LMA'])
  })

  it('without a sort is newest change first, as the list; a search narrows it', async () => {
    expect(names((await download({ year: '2025' })).rows)).toEqual([
      'Delta Motors',
      'Gamma GM',
      '\'=HYPERLINK("http://x")',
      'Alpha Dealers LMA',
      'Beta Chevrolet',
    ])
    expect(names((await download({ search: '  gamma ', status: 'Approving' })).rows)).toEqual([
      'Gamma GM',
    ])
    const none = await download({ year: '2019' })
    expect(none.headers).toEqual(HEADERS)
    expect(none.rows).toEqual([])
  })

  it.each([
    [{ sort: 'colour' }, 'sort'],
    [{ year: '20x5' }, 'year'],
    [{ type: 'Agency' }, 'type'],
    [{ brand: '<b>' }, 'brand'],
    [{ search: 'x'.repeat(101) }, 'search'],
  ])('refuses the bad field %o with a 400 naming it', async (fields, field) => {
    const response = await postReportForm(t.app, URL, { bearer_token: token, ...fields })
    expect(response.statusCode).toBe(400)
    expect(Object.keys(response.json().errors)).toEqual([field])
  })

  it('refuses unknown fields, strangers and users who are no administrators', async () => {
    const unknown = await postReportForm(t.app, URL, { bearer_token: token, colour: 'red' })
    expect(unknown.statusCode).toBe(400)
    expect((await postReportForm(t.app, URL, { year: '2025' })).statusCode).toBe(401)
    const viewer = await postReportForm(t.app, URL, {
      bearer_token: await t.idp.sign(VIEWER_CLAIMS),
    })
    expect(viewer.statusCode).toBe(403)
  })
})
