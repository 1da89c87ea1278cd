import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENROLLMENT_REFERENCE_HEADER } from '../../shared/domain/enrollment-reference.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  READONLY_CLAIMS,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  regionId,
} from '../test-support/admin-test-app.js'
import { insertProgramYears, programYears } from '../test-support/program-years.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const NOW = new Date()
const YEAR = NOW.getUTCMonth() >= 9 ? NOW.getUTCFullYear() + 1 : NOW.getUTCFullYear()

type Who = 'administrator' | 'read-only' | 'regional manager'

/**
 * Every export of a regional manager holds their regions' enrollments only, and an
 * administrator's every region (docs/product.md#reports); the trail names the regions.
 */
describe.each(testDatabaseKinds())('the reports of a regional manager on %s', (kind) => {
  let t: AdminTestApp
  let greatLakes = 0
  const tokens = {} as Record<Who, string>

  beforeAll(async () => {
    t = await createAdminTestApp(kind, { ENROLLMENT_YEAR: String(YEAR) })
    greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    const central = await regionId(t, 'Central')
    await insertProgramYears(
      t.database.db,
      programYears({
        year: YEAR,
        now: NOW,
        brands: ['chevy', 'gm'],
        regionIds: [greatLakes, central, null],
      }),
    )
    tokens.administrator = await t.idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
    tokens['read-only'] = await t.idp.sign(READONLY_CLAIMS, { expiresIn: 3600 })
    tokens['regional manager'] = await t.idp.sign(REGIONAL_MANAGER_CLAIMS, { expiresIn: 3600 })
  })
  afterAll(() => t.close())

  /** The distinct enrollment references of a downloaded workbook. */
  const references = async (who: Who, url: string, fields: Record<string, string> = {}) => {
    const response = await postReportForm(t.app, url, { bearer_token: tokens[who], ...fields })
    expect(response.statusCode, response.body).toBe(200)
    const sheet = onlySheet(await openWorkbook(response))
    const column = rowValues(sheet, 1).indexOf(ENROLLMENT_REFERENCE_HEADER)
    expect(column).toBeGreaterThanOrEqual(0)
    const found = new Set<string>()
    for (let row = 2; row <= sheet.rowCount; row++) {
      const value = rowValues(sheet, row)[column]
      // The invoices report ends with a totals row, which names no enrollment.
      if (value) found.add(String(value))
    }
    return [...found].sort()
  }
  /** The references of the enrollments (of a year, of Great Lakes) as the database has them. */
  const stored = async (options: { year?: number; mine?: boolean; invoiced?: boolean }) => {
    let query = t.database.db.selectFrom('enrollments as e').select('e.reference')
    if (options.year !== undefined) query = query.where('e.year', '=', options.year)
    if (options.mine) query = query.where('e.region_id', '=', greatLakes)
    if (options.invoiced) {
      query = query.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('invoices as i')
            .select('i.id')
            .whereRef('i.enrollment_guid', '=', 'e.guid')
            .where('i.invoice_year', '=', options.year ?? YEAR),
        ),
      )
    }
    return (await query.execute()).map((row) => row.reference).sort()
  }

  it('exports all enrollments: a regional manager their regions’, the others every one', async () => {
    const all = await stored({})
    const mine = await stored({ mine: true })
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.length).toBeLessThan(all.length / 2)
    expect(await references('administrator', '/api/reports/export')).toEqual(all)
    expect(await references('read-only', '/api/reports/export')).toEqual(all)
    expect(await references('regional manager', '/api/reports/export')).toEqual(mine)
  })

  it('exports the enrollment list: a regional manager their regions’ rows', async () => {
    const fields = { year: String(YEAR) }
    const url = '/api/reports/enrollment-list'
    expect(await references('administrator', url, fields)).toEqual(await stored({ year: YEAR }))
    expect(await references('regional manager', url, fields)).toEqual(
      await stored({ year: YEAR, mine: true }),
    )
  })

  it('downloads the invoices of a year: a regional manager their regions’ enrollments’ invoices', async () => {
    for (const year of [YEAR, YEAR - 1]) {
      const url = `/api/reports/invoices/${year}`
      const mine = await stored({ year, mine: true, invoiced: true })
      const all = await stored({ year, invoiced: true })
      expect(await references('administrator', url), `${year}`).toEqual(all)
      expect(await references('regional manager', url), `${year}`).toEqual(mine)
    }
    // Last year's program has run its course: invoices in every region.
    const lastYear = await stored({ year: YEAR - 1, mine: true, invoiced: true })
    expect(lastYear.length).toBeGreaterThan(0)
    expect(lastYear.length).toBeLessThan((await stored({ year: YEAR - 1, invoiced: true })).length)
  })

  it('exports the not re-enrolled list: a regional manager their regions’, as their list shows it', async () => {
    const url = `/api/reports/not-re-enrolled?year=${YEAR}`
    const listed = async (token: string) => {
      const response = await t.app.inject({
        url: `/api/re-enrollment?year=${YEAR}`,
        headers: { authorization: `Bearer ${token}` },
      })
      return (response.json() as { items: Array<{ reference: string }> }).items
        .map((item) => item.reference)
        .sort()
    }
    const mine = await references('regional manager', url)
    const all = await references('administrator', url)
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.length).toBeLessThan(all.length)
    expect(mine).toEqual(await listed(tokens['regional manager']))
    expect(all).toEqual(await listed(tokens.administrator))
    const lastYearMine = await stored({ year: YEAR - 1, mine: true })
    expect(mine.filter((reference) => !lastYearMine.includes(reference))).toEqual([])

    const central = await regionId(t, 'Central')
    const refused = await postReportForm(t.app, `${url}&region=${central}`, {
      bearer_token: tokens['regional manager'],
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().errors).toEqual({ region: ['The region is not one of your regions.'] })
  })

  it('records the regions a regional manager’s download was limited to', async () => {
    const filters = (entry: { filters: unknown }) =>
      (typeof entry.filters === 'string' ? JSON.parse(entry.filters) : entry.filters) as Record<
        string,
        unknown
      >
    /** The entries of a user, once there are `count` of the action (a download is recorded just after its response ends). */
    const entriesOf = (actor: string, action: string, count: number) =>
      waitFor(async () => {
        const rows = await t.database.db
          .selectFrom('audit_trail')
          .select(['action', 'filters'])
          .where('actor', '=', actor)
          .where('action', '=', action)
          .orderBy('id')
          .execute()
        return rows.length >= count ? rows.map(filters) : undefined
      })
    const regional = REGIONAL_MANAGER_CLAIMS.preferred_username
    const admin = ADMIN_CLAIMS.preferred_username
    const fields = { year: String(YEAR), status: 'Approved', sort: 'dealerName' }
    const listed = { year: YEAR, status: 'Approved', sort: 'dealerName' }
    const before = {
      regional: (await entriesOf(regional, 'list-export', 0)).length,
      admin: (await entriesOf(admin, 'list-export', 0)).length,
    }
    await references('regional manager', '/api/reports/enrollment-list', fields)
    await references('administrator', '/api/reports/enrollment-list', fields)
    expect((await entriesOf(regional, 'list-export', before.regional + 1)).at(-1)).toEqual({
      ...listed,
      regions: REGIONAL_MANAGER_REGION,
    })
    expect((await entriesOf(admin, 'list-export', before.admin + 1)).at(-1)).toEqual(listed)
    // Every download of theirs names them.
    await references('regional manager', '/api/reports/export')
    await references('regional manager', `/api/reports/invoices/${YEAR}`)
    await references('regional manager', `/api/reports/not-re-enrolled?year=${YEAR}`)
    for (const action of ['export', 'invoice-report', 'not-re-enrolled-export']) {
      for (const entry of await entriesOf(regional, action, 1)) {
        expect(entry.regions, action).toBe(REGIONAL_MANAGER_REGION)
      }
    }
  })
})
