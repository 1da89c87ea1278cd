import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dashboard } from '../../shared/dashboard/dashboard-schema.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import {
  DAY,
  insertProgramYears,
  programYears,
  type SeedEnrollment,
  type SeedRow,
} from '../test-support/program-years.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const NOW = new Date()
/** The program `now` is in, by the default calendar (opens October 1 of the year before). */
const YEAR = NOW.getUTCMonth() >= 9 ? NOW.getUTCFullYear() + 1 : NOW.getUTCFullYear()
const STATUSES = ['Approved', 'Approving', 'Authorizing', 'Declined'] as const

/** Prices of docs/product.md#prices in dollars, written out again: the test's own pricing. */
function rowDollars(row: SeedRow): number {
  if (row.billing === 'None' || row.kitSize === 'None' || row.hispanic === 'None') return 0
  const size = row.kitSize === 'Large' ? 400 : 325
  return row.hispanic === 'Yes' ? size + 125 : size
}

/** The figures the dashboard should show, counted from the seed with plain loops. */
function expectedFigures(seed: SeedEnrollment[], brand: string | undefined, now: Date) {
  const mine = seed.filter((e) => brand === undefined || e.brand === brand)
  const first = (year: number) =>
    Math.min(...mine.filter((e) => e.year === year).map((e) => e.createdAt.getTime()))
  const firstCurrent = first(YEAR)
  const firstPrevious = first(YEAR - 1)
  // The program's calendar, written out again: October 1 of the year before to December 31.
  const opens = (year: number) => Date.UTC(year - 1, 9, 1)
  const elapsed = now.getTime() - opens(YEAR)
  const cutoff = opens(YEAR - 1) + elapsed
  const statusAt = (e: SeedEnrollment) => {
    if (e.year === YEAR) return e.status
    const before = e.history.filter((h) => h.at.getTime() <= cutoff)
    return before.length > 0 ? (before[before.length - 1]?.statusAfter ?? e.status) : e.status
  }
  const counted = (year: number) =>
    mine
      .filter((e) => e.year === year && (year === YEAR || e.createdAt.getTime() <= cutoff))
      .map((e) => ({ ...e, status: statusAt(e) }))
  const current = counted(YEAR)
  const previous = counted(YEAR - 1)
  const both = <T>(f: (list: typeof current) => T) => ({
    current: f(current),
    previous: f(previous),
  })
  const rowsOf = (list: typeof current) =>
    list.filter((e) => e.status !== 'Declined').flatMap((e) => e.rows)
  const kitsOf = (row: SeedRow) => (rowDollars(row) === 0 ? 0 : row.hispanic === 'Yes' ? 2 : 1)
  const ordering = (list: typeof current) => rowsOf(list).filter((row) => rowDollars(row) > 0)
  let weeks = 0
  const weekOf = (e: SeedEnrollment) => {
    const start = e.year === YEAR ? firstCurrent : firstPrevious
    const week = Math.floor((e.createdAt.getTime() - start) / (7 * DAY)) + 1
    weeks = Math.max(weeks, week)
    return week
  }
  const weekCounts = new Map<string, number>()
  for (const e of mine) {
    const key = `${e.year}/${weekOf(e)}`
    weekCounts.set(key, (weekCounts.get(key) ?? 0) + 1)
  }
  const invoicedDollars = (year: number) =>
    mine
      .filter(
        (e) =>
          e.year === year && e.invoicedAt && (year === YEAR || e.invoicedAt.getTime() <= cutoff),
      )
      .reduce((sum, e) => sum + e.rows.reduce((n, row) => n + rowDollars(row), 0), 0)
  // Paid and overdue on each year's day: today for this year, the cutoff's day for last year.
  const dayOf = (year: number) =>
    new Date(year === YEAR ? now.getTime() : cutoff).toISOString().slice(0, 10)
  const dueDay = (issued: Date) => new Date(issued.getTime() + 60 * DAY).toISOString().slice(0, 10)
  const invoiceDollars = (year: number, state: 'paid' | 'unpaid' | 'overdue') =>
    mine
      .filter((e) => {
        if (e.year !== year || !e.invoicedAt) return false
        if (year !== YEAR && e.invoicedAt.getTime() > cutoff) return false
        const day = dayOf(year)
        const paid = e.paidOn !== null && e.paidOn <= day
        const overdue = !paid && dueDay(e.invoicedAt) < day
        return state === 'paid' ? paid : state === 'overdue' ? overdue : !paid && !overdue
      })
      .reduce((sum, e) => sum + e.rows.reduce((n, row) => n + rowDollars(row), 0), 0)
  const payments = (state: 'paid' | 'unpaid' | 'overdue') => ({
    current: invoiceDollars(YEAR, state),
    previous: invoiceDollars(YEAR - 1, state),
  })
  return {
    paid: payments('paid'),
    unpaid: payments('unpaid'),
    overdue: payments('overdue'),
    dayOfProgram: Math.floor(elapsed / DAY) + 1,
    comparedAt: new Date(cutoff),
    byStatus: STATUSES.map((status) => ({
      status,
      ...both((list) => list.filter((e) => e.status === status).length),
    })),
    byType: (['Lma', 'Dealer'] as const).map((type) => ({
      type,
      ...both((list) => list.filter((e) => e.type === type).length),
    })),
    dealersCovered: both((list) => rowsOf(list).length),
    kitsOrdered: both((list) => rowsOf(list).reduce((sum, row) => sum + kitsOf(row), 0)),
    dealersByKit: (['Large', 'Small'] as const).flatMap((kitSize) =>
      (['Yes', 'No', 'Only'] as const).map((hispanic) => ({
        kitSize,
        hispanic,
        ...both(
          (list) =>
            ordering(list).filter((row) => row.kitSize === kitSize && row.hispanic === hispanic)
              .length,
        ),
      })),
    ),
    invoiced: { current: invoicedDollars(YEAR), previous: invoicedDollars(YEAR - 1) },
    pendingApproval: both((list) =>
      list
        .filter((e) => e.status === 'Approving' && e.type === 'Lma')
        .reduce((sum, e) => sum + e.rows.reduce((n, row) => n + rowDollars(row), 0), 0),
    ),
    weekly: Array.from({ length: weeks }, (_, index) => ({
      week: index + 1,
      current: weekCounts.get(`${YEAR}/${index + 1}`) ?? 0,
      previous: weekCounts.get(`${YEAR - 1}/${index + 1}`) ?? 0,
    })),
    dealersByRegionTotal: both((list) => ordering(list).length),
    waitingAuthorizations: [7, 14, 30].map((days) => ({
      days,
      count: mine.filter(
        (e) =>
          e.year === YEAR &&
          e.status === 'Authorizing' &&
          e.type === 'Lma' &&
          (e.authorizationRequestedAt?.getTime() ?? Infinity) <= now.getTime() - days * DAY,
      ).length,
    })),
  }
}

describe.each(testDatabaseKinds())('GET /api/dashboard on %s', (kind) => {
  let t: AdminTestApp
  let seed: SeedEnrollment[]
  let regions: Array<{ id: number; name: string }>
  const now = NOW
  beforeAll(async () => {
    t = await createAdminTestApp(kind, { ENROLLMENT_YEAR: String(YEAR) })
    regions = await t.database.db.selectFrom('regions').select(['id', 'name']).execute()
    seed = programYears({
      year: YEAR,
      now,
      brands: ['chevy', 'gm'],
      regionIds: [...regions.slice(0, 4).map((region) => region.id), null],
    })
    await insertProgramYears(t.database.db, seed)
  })
  afterAll(() => t.close())

  const dashboard = async (query: string) => {
    const response = await t.asAdmin({ method: 'GET', url: `/api/dashboard${query}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as Dashboard
  }

  for (const brand of [undefined, 'chevy', 'gm']) {
    it(`every figure of ${brand ?? 'all brands'} matches the seeded enrollments`, async () => {
      const answer = await dashboard(`?year=${YEAR}${brand ? `&brand=${brand}` : ''}`)
      const expected = expectedFigures(seed, brand, now)
      expect(answer.year).toBe(YEAR)
      expect(answer.brand).toBe(brand ?? null)
      expect(answer.dayOfProgram).toBe(expected.dayOfProgram)
      // The server's clock ran on a little after `now`.
      const comparedAt = new Date(answer.comparedAt ?? 0).getTime()
      expect(comparedAt - expected.comparedAt.getTime()).toBeGreaterThanOrEqual(0)
      expect(comparedAt - expected.comparedAt.getTime()).toBeLessThan(60_000)
      expect(answer.byStatus).toEqual(expected.byStatus)
      expect(answer.byType).toEqual(expected.byType)
      expect(answer.dealersCovered).toEqual(expected.dealersCovered)
      expect(answer.kitsOrdered).toEqual(expected.kitsOrdered)
      expect(answer.dealersByKit).toEqual(expected.dealersByKit)
      expect(answer.programClosed).toBe(false)
      expect(answer.invoiced).toEqual(expected.invoiced)
      expect({ paid: answer.paid, unpaid: answer.unpaid, overdue: answer.overdue }).toEqual({
        paid: expected.paid,
        unpaid: expected.unpaid,
        overdue: expected.overdue,
      })
      expect(answer.pendingApproval).toEqual(expected.pendingApproval)
      expect(answer.weekly).toEqual(expected.weekly)
      expect(answer.waitingAuthorizations).toEqual(expected.waitingAuthorizations)
      const regionTotal = (key: 'current' | 'previous') =>
        answer.dealersByRegion.reduce((sum, entry) => sum + entry[key], 0)
      expect({ current: regionTotal('current'), previous: regionTotal('previous') }).toEqual(
        expected.dealersByRegionTotal,
      )
    })
  }

  it('counts dealers ordering kits per region by the enrollment’s region, and those without one apart', async () => {
    const answer = await dashboard(`?year=${YEAR}`)
    const expected = new Map<string, number>()
    for (const e of seed) {
      if (e.year !== YEAR || e.status === 'Declined') continue
      const region = regions.find((r) => r.id === e.regionId)?.name ?? 'No region'
      const kits = e.rows.filter((row) => rowDollars(row) > 0).length
      expected.set(region, (expected.get(region) ?? 0) + kits)
    }
    for (const region of regions) {
      expect(answer.dealersByRegion.find((entry) => entry.region === region.name)?.current).toBe(
        expected.get(region.name) ?? 0,
      )
    }
    expect(answer.dealersByRegion.find((entry) => entry.region === 'No region')?.current).toBe(
      expected.get('No region') ?? 0,
    )
    expect(answer.dealersByRegion.map((entry) => entry.region).slice(0, regions.length)).toEqual(
      regions.map((region) => region.name),
    )
  })

  it('a year whose program has not opened compares with last year in full', async () => {
    const answer = await dashboard(`?year=${YEAR + 1}`)
    expect(answer.dayOfProgram).toBeNull()
    expect(answer.comparedAt).toBeNull()
    const lastYear = seed.filter((e) => e.year === YEAR)
    expect(answer.byStatus.map((entry) => entry.current)).toEqual([0, 0, 0, 0])
    expect(answer.byStatus.map((entry) => entry.previous)).toEqual(
      STATUSES.map((status) => lastYear.filter((e) => e.status === status).length),
    )
    expect(answer.weekly.every((entry) => entry.current === 0)).toBe(true)
  })

  it('without a year it shows the enrollment year; a brand key in any case is that brand', async () => {
    const plain = await dashboard('')
    expect(plain.year).toBe(YEAR)
    const upper = await dashboard(`?year=${YEAR}&brand=CHEVY`)
    expect(upper.brand).toBe('chevy')
    expect(upper.byType).toEqual((await dashboard(`?year=${YEAR}&brand=chevy`)).byType)
  })

  it('an invoice past its due date counts as overdue until it is marked paid', async () => {
    const invoiced = seed.find((e) => e.year === YEAR && e.invoicedAt)
    if (!invoiced) throw new Error('The seed has no invoice this year')
    const dollars = invoiced.rows.reduce((n, row) => n + rowDollars(row), 0)
    expect(dollars).toBeGreaterThan(0)
    const { db } = t.database
    const original = await db
      .selectFrom('invoices')
      .select(['invoice_date', 'paid_on'])
      .where('enrollment_guid', '=', invoiced.guid)
      .executeTakeFirstOrThrow()
    const payment = (action: '' | '/clear', payload: object) =>
      t.asAdmin({
        method: 'POST',
        url: `/api/enrollments/${invoiced.guid}/payment${action}`,
        payload,
      })
    const day = (daysAgo: number) =>
      new Date(now.getTime() - daysAgo * DAY).toISOString().slice(0, 10)
    const dated = (invoiceDate: string) =>
      db
        .updateTable('invoices')
        .set({ invoice_date: invoiceDate })
        .where('enrollment_guid', '=', invoiced.guid)
        .execute()
    try {
      expect((await payment('/clear', {})).statusCode).toBe(200)
      await dated(day(59))
      // Net 60: dated 59 days ago it is unpaid and not yet due.
      const due = await dashboard(`?year=${YEAR}`)
      await dated(day(61))
      const overdue = await dashboard(`?year=${YEAR}`)
      expect(overdue.overdue.current).toBeCloseTo(due.overdue.current + dollars, 2)
      expect(overdue.unpaid.current).toBeCloseTo(due.unpaid.current - dollars, 2)
      expect(overdue.overdue.previous).toBe(due.overdue.previous)
      expect(overdue.invoiced).toEqual(due.invoiced)

      const paid = await payment('', { paidOn: day(0), reference: 'Check 1001' })
      expect(paid.statusCode, paid.body).toBe(200)
      const after = await dashboard(`?year=${YEAR}`)
      expect(after.overdue).toEqual(due.overdue)
      expect(after.unpaid.current).toBeCloseTo(due.unpaid.current - dollars, 2)
      expect(after.paid.current).toBeCloseTo(due.paid.current + dollars, 2)
    } finally {
      await db
        .updateTable('invoices')
        .set({ invoice_date: original.invoice_date, paid_on: original.paid_on })
        .where('enrollment_guid', '=', invoiced.guid)
        .execute()
    }
  })

  it('bad filters are a 400 naming the field, and strangers get 401', async () => {
    for (const [query, field] of [
      ['?year=20x5', 'year'],
      ['?year=1e3', 'year'],
      ['?brand=ford', 'brand'],
      [`?brand=${'x'.repeat(30)}`, 'brand'],
      ['?year=2025&year=2026', 'year'],
    ] as const) {
      const response = await t.asAdmin({ method: 'GET', url: `/api/dashboard${query}` })
      expect(response.statusCode, query).toBe(400)
      expect(Object.keys(response.json().errors ?? {}), query).toContain(field)
    }
    const stranger = await t.app.inject({ method: 'GET', url: '/api/dashboard' })
    expect(stranger.statusCode).toBe(401)
  })
})
