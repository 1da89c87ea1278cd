import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard } from '../../shared/dashboard/dashboard-schema.js'
import { FIGURE_LINKS, type FigureLink } from '../../shared/dashboard/figure-filters.js'
import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  regionId,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { insertProgramYears, programYears } from '../test-support/program-years.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const NOW = new Date()
const YEAR = NOW.getUTCMonth() >= 9 ? NOW.getUTCFullYear() + 1 : NOW.getUTCFullYear()

/** The list's query for a figure's filter, as the dashboard's link writes it into the address. */
function listQuery(link: FigureLink, brand: string | undefined): Record<string, string> {
  const { status, type, attention, invoice, waiting } = link.filter
  const query: Record<string, string> = { year: String(YEAR) }
  if (brand) query.brand = brand
  if (status) query.status = status
  if (type) query.type = type
  if (attention) query.attention = attention
  if (invoice) query.invoice = invoice
  if (waiting) query.waiting = String(waiting)
  return query
}

/** Who reads the figures: an administrator sees every region, a regional manager theirs. */
interface Reader {
  inject: Inject
  token: string
}

/**
 * One truth (docs/product.md#figures): every figure of the dashboard equals what the list it
 * opens counts on arrival (its count line adds up the rows' enrollments, dealers, kits and
 * amounts), and the export of that list has the same enrollments and kits; for a regional
 * manager too, whose three are their regions' only.
 */
describe.each(testDatabaseKinds())('the dashboard, the list and the export agree on %s', (kind) => {
  let t: AdminTestApp
  let token: string
  const readers: Record<'administrator' | 'regional manager', Reader> = {} as never
  beforeAll(async () => {
    t = await createAdminTestApp(kind, { ENROLLMENT_YEAR: String(YEAR) })
    token = await t.idp.sign(ADMIN_CLAIMS)
    readers.administrator = { inject: t.asAdmin, token }
    readers['regional manager'] = await signedInAs(t, REGIONAL_MANAGER_CLAIMS)
    const greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    const others = await t.database.db
      .selectFrom('regions')
      .select('id')
      .where('id', '<>', greatLakes)
      .orderBy('id')
      .limit(2)
      .execute()
    await insertProgramYears(
      t.database.db,
      programYears({
        year: YEAR,
        now: NOW,
        brands: ['chevy', 'gm'],
        // Great Lakes twice as likely, so that a regional manager's figures are not mostly 0.
        regionIds: [greatLakes, greatLakes, ...others.map((region) => region.id), null],
      }),
    )
  })
  afterAll(() => t.close())

  const list = async (query: Record<string, string>, reader: Reader = readers.administrator) => {
    const response = await reader.inject({
      method: 'GET',
      url: `/api/enrollments?${new URLSearchParams(query)}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    const rows = response.json() as EnrollmentListItem[]
    const sum = (figure: (row: EnrollmentListItem) => number) =>
      rows.reduce((total, row) => total + figure(row), 0)
    return {
      enrollments: rows.length,
      dealers: sum((row) => row.dealers),
      kits: sum((row) => row.kits),
      amount: sum((row) => Math.round(row.amount * 100)) / 100,
    }
  }
  const exported = async (
    query: Record<string, string>,
    reader: Reader = readers.administrator,
  ) => {
    const response = await postReportForm(t.app, '/api/reports/enrollment-list', {
      bearer_token: reader.token,
      ...query,
    })
    expect(response.statusCode, response.body).toBe(200)
    const sheet = onlySheet(await openWorkbook(response))
    const kitsColumn = rowValues(sheet, 1).indexOf('Kits')
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) =>
      rowValues(sheet, index + 2),
    )
    return {
      enrollments: rows.length,
      kits: rows.reduce((sum, row) => sum + Number(row[kitsColumn] ?? 0), 0),
    }
  }

  const dashboardOf = async (reader: Reader, brand?: string) => {
    const response = await reader.inject({
      method: 'GET',
      url: `/api/dashboard?year=${YEAR}${brand ? `&brand=${brand}` : ''}`,
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Dashboard
  }

  for (const [who, brand] of [
    ['administrator', undefined],
    ['administrator', 'gm'],
    ['regional manager', undefined],
    ['regional manager', 'gm'],
  ] as const) {
    it(`every figure of ${brand ?? 'all brands'} opens a list that shows it, for ${who === 'administrator' ? 'an' : 'a'} ${who}`, async () => {
      const reader = readers[who]
      const dashboard = await dashboardOf(reader, brand)
      const figures: Array<readonly [string, number, FigureLink]> = [
        ...dashboard.byStatus.map(
          (entry) => [entry.status, entry.current, FIGURE_LINKS.status(entry.status)] as const,
        ),
        ...dashboard.byType.map(
          (entry) => [entry.type, entry.current, FIGURE_LINKS.type(entry.type)] as const,
        ),
        ['Dealers covered', dashboard.dealersCovered.current, FIGURE_LINKS.dealersCovered],
        ['Kits ordered', dashboard.kitsOrdered.current, FIGURE_LINKS.kitsOrdered],
        ['Amount invoiced', dashboard.invoiced.current, FIGURE_LINKS.invoiced],
        ['Pending approval', dashboard.pendingApproval.current, FIGURE_LINKS.pendingApproval],
        ['Paid', dashboard.paid.current, FIGURE_LINKS.paid],
        ['Unpaid', dashboard.unpaid.current, FIGURE_LINKS.unpaid],
        ['Overdue', dashboard.overdue.current, FIGURE_LINKS.overdue],
        ...dashboard.waitingAuthorizations.map(
          (entry) =>
            [
              `Waiting ${entry.days} days`,
              entry.count,
              FIGURE_LINKS.waiting(entry.days as 7 | 14 | 30),
            ] as const,
        ),
      ]
      // Every link of the table is checked here: a figure added to FIGURE_LINKS fails until it is.
      const checked = new Set(figures.map(([, , link]) => link))
      const unchecked = Object.entries(FIGURE_LINKS)
        .filter(([, link]) => typeof link !== 'function' && !checked.has(link))
        .map(([key]) => key)
      expect(unchecked).toEqual([])
      // The seed has something in most figures, so empty lists cannot pass for a match.
      expect(figures.filter(([, value]) => value > 0).length).toBeGreaterThan(figures.length / 2)
      for (const [name, value, link] of figures) {
        const query = listQuery(link, brand)
        const counts = await list(query, reader)
        expect(counts[link.shows], `${name}: the list's ${link.shows}`).toBeCloseTo(value, 2)
        const sheet = await exported(query, reader)
        expect(sheet.enrollments, `${name}: the export's rows`).toBe(counts.enrollments)
        expect(sheet.kits, `${name}: the export's kits`).toBe(counts.kits)
      }
      // The kits table and the region chart count the dealers that order kits: no more dealers
      // than those covered.
      const byKit = dashboard.dealersByKit.reduce((sum, entry) => sum + entry.current, 0)
      const byRegion = dashboard.dealersByRegion.reduce((sum, entry) => sum + entry.current, 0)
      expect(byKit).toBe(byRegion)
      expect(byKit).toBeLessThanOrEqual(dashboard.dealersCovered.current)
    })
  }

  it('a regional manager’s figures are their region’s share of the administrator’s, this year and last', async () => {
    const all = await dashboardOf(readers.administrator)
    const mine = await dashboardOf(readers['regional manager'])
    const enrollments = (dashboard: Dashboard, side: 'current' | 'previous') =>
      dashboard.byStatus.reduce((sum, entry) => sum + entry[side], 0)
    for (const side of ['current', 'previous'] as const) {
      expect(enrollments(mine, side), side).toBeGreaterThan(0)
      expect(enrollments(mine, side), side).toBeLessThan(enrollments(all, side))
    }
    // The region chart: their region's bar only, the one the administrator sees for it.
    expect(mine.dealersByRegion).toEqual(
      all.dealersByRegion.filter((entry) => entry.region === REGIONAL_MANAGER_REGION),
    )
    // The weeks count their submissions only.
    const submitted = (dashboard: Dashboard) =>
      dashboard.weekly.reduce((sum, entry) => sum + entry.current, 0)
    expect(submitted(mine)).toBe(enrollments(mine, 'current'))
    expect(submitted(all)).toBe(enrollments(all, 'current'))
    expect(mine.invoiced.current).toBeLessThan(all.invoiced.current)
  })

  it('a declined enrollment orders no kits and covers no dealers, in the list and the export', async () => {
    const query = { year: String(YEAR), status: 'Declined' }
    const counts = await list(query)
    expect(counts.enrollments).toBeGreaterThan(0)
    expect({ dealers: counts.dealers, kits: counts.kits }).toEqual({ dealers: 0, kits: 0 })
    expect((await exported(query)).kits).toBe(0)
  })
  it('the dashboard’s list filters refuse what they do not know, naming the field', async () => {
    for (const [query, field, message] of [
      ['invoice=lost', 'invoice', 'Invoice must be one of issued, paid, unpaid.'],
      ['waiting=8', 'waiting', 'Waiting must be one of 7, 14, 30 (days).'],
      ['waiting=soon', 'waiting', 'Waiting must be one of 7, 14, 30 (days).'],
    ] as const) {
      const response = await t.asAdmin({ method: 'GET', url: `/api/enrollments?${query}` })
      expect(response.statusCode, query).toBe(400)
      expect(response.json().errors[field], query).toEqual([message])
    }
  })

  it('declining an enrollment takes its kits and dealers out of every figure at once', async () => {
    const dashboard = async () =>
      (
        await t.asAdmin({ method: 'GET', url: `/api/dashboard?year=${YEAR}` })
      ).json() as Promise<Dashboard>
    const rows = async () =>
      (
        await t.asAdmin({ method: 'GET', url: `/api/enrollments?year=${YEAR}&type=Lma` })
      ).json() as Promise<EnrollmentListItem[]>
    const [target] = (await rows()).filter((row) => row.status === 'Approving' && row.kits > 0)
    if (!target) throw new Error('The seed has no approving LMA that orders kits')
    const before = await dashboard()
    const declined = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${target.guid}/decline`,
    })
    expect(declined.statusCode, declined.body).toBe(200)
    const after = await dashboard()
    expect(after.kitsOrdered.current).toBe(before.kitsOrdered.current - target.kits)
    expect(after.dealersCovered.current).toBe(before.dealersCovered.current - target.dealers)
    const row = (await rows()).find((each) => each.guid === target.guid)
    expect(row).toMatchObject({ status: 'Declined', kits: 0, dealers: 0, amount: 0 })
    const all = await list({ year: String(YEAR) })
    expect({ kits: all.kits, dealers: all.dealers }).toEqual({
      kits: after.kitsOrdered.current,
      dealers: after.dealersCovered.current,
    })
    expect((await exported({ year: String(YEAR) })).kits).toBe(after.kitsOrdered.current)
  })
})
