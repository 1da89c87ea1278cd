import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditEntry, AuditTrail } from '../../shared/audit/audit-schema.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  VIEWER_CLAIMS,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment, uniqueBac } from '../test-support/enrollment-fixtures.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const ACTOR = ADMIN_CLAIMS.preferred_username

describe.each(testDatabaseKinds())('the audit trail on %s', (kind) => {
  let t: AdminTestApp
  let token: string
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    token = await t.idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
  })
  afterAll(() => t.close())

  let counter = 0
  const lma = () => submittedEnrollment(t, lmaEnrollment(1, { name: `Audit ${++counter} Dealers` }))
  const post = (url: string, payload?: unknown) =>
    t.asAdmin({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const trail = async (query = ''): Promise<AuditTrail> => {
    const response = await t.asAdmin({ method: 'GET', url: `/api/audit${query}` })
    expect(response.statusCode).toBe(200)
    return response.json()
  }
  const entriesOf = async (action: AuditEntry['action'], year = 2025) =>
    (await trail(`?year=${year}`)).entries.filter((entry) => entry.action === action)
  /** A download is recorded once its workbook is complete, just after the response ends. */
  const recorded = (action: AuditEntry['action'], count: number, year = 2025) =>
    waitFor(async () => {
      const entries = await entriesOf(action, year)
      return entries.length >= count ? entries : undefined
    })

  it('records a bulk action with who, its parameters and the enrollments it changed', async () => {
    const [a, b] = [await lma(), await lma()]
    await post(`/api/enrollments/${b.guid}/approve`)
    const response = await post('/api/enrollments/bulk/approve', { guids: [a.guid, b.guid] })
    expect(response.json()).toMatchObject({ done: 1, skipped: 1 })
    const [entry] = await entriesOf('bulk-approve')
    expect(entry).toMatchObject({ actor: ACTOR, year: 2025, filters: { selected: 2 }, rows: 1 })
    expect(Date.now() - Date.parse(entry?.at ?? '')).toBeLessThan(60_000)

    const c = await lma()
    await post('/api/enrollments/bulk/decline', { guids: [c.guid], reason: 'Out of program' })
    expect(await entriesOf('bulk-decline')).toMatchObject([
      { actor: ACTOR, filters: { selected: 1, reason: true, shareReason: false }, rows: 1 },
    ])
  })

  it('records nothing for a bulk action refused, previewed or that changed nothing', async () => {
    const before = (await trail()).entries.length
    const approved = await lma()
    await post(`/api/enrollments/${approved.guid}/approve`)
    const unknown = '00000000-0000-4000-8000-000000000000'
    const refused = await post('/api/enrollments/bulk/approve', {
      guids: [approved.guid, unknown],
    })
    expect(refused.statusCode).toBe(400)
    const preview = await post('/api/enrollments/bulk/approve', {
      guids: [(await lma()).guid],
      dryRun: true,
    })
    expect(preview.json()).toMatchObject({ done: 1 })
    const nothing = await post('/api/enrollments/bulk/approve', { guids: [approved.guid] })
    expect(nothing.json()).toMatchObject({ done: 0, skipped: 1 })
    expect((await trail()).entries).toHaveLength(before)
  })

  it('records a payment change in its transaction, and none for a refused one', async () => {
    const stored = await lma()
    await post(`/api/enrollments/${stored.guid}/approve`)
    const payment = (await t.asAdmin({ url: `/api/enrollments/${stored.guid}/payment` })).json()
    const paid = await post(`/api/enrollments/${stored.guid}/payment`, {
      paidOn: payment.invoiceDate,
      reference: 'Check 77',
    })
    expect(paid.statusCode).toBe(200)
    expect((await post(`/api/enrollments/${stored.guid}/payment/clear`)).statusCode).toBe(200)
    const refused = await post(`/api/enrollments/${stored.guid}/payment/clear`)
    expect(refused.statusCode).toBe(409)
    const mine = (await entriesOf('payment')).filter(
      (entry) => entry.filters.invoiceNumber === payment.invoiceNumber,
    )
    expect(mine).toMatchObject([
      { actor: ACTOR, filters: { paid: false }, rows: 1 },
      {
        actor: ACTOR,
        filters: { paid: true, paidOn: payment.invoiceDate, paymentReference: 'Check 77' },
        rows: 1,
      },
    ])
  })

  it('records invitations with the number sent', async () => {
    const stored = await submittedEnrollment(t, dealerEnrollment({ bac: uniqueBac() }))
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024, status: 'Approved' })
      .where('guid', '=', stored.guid)
      .execute()
    await t.database.db
      .updateTable('enrollment_dealers')
      .set({ year: 2024 })
      .where('enrollment_id', 'in', (eb) =>
        eb.selectFrom('enrollments').select('id').where('guid', '=', stored.guid),
      )
      .execute()
    const unknown = '00000000-0000-4000-8000-000000000001'
    const response = await post('/api/re-enrollment/invitations', {
      guids: [stored.guid, unknown],
    })
    expect(response.json()).toMatchObject({ sent: 1, skipped: 1 })
    expect(await entriesOf('invitations')).toMatchObject([
      { actor: ACTOR, year: 2025, filters: { selected: 2 }, rows: 1 },
    ])
  })

  it('records each export and report download with its filters and the rows it sent', async () => {
    const list = await postReportForm(t.app, '/api/reports/enrollment-list', {
      bearer_token: token,
      year: '2025',
      status: 'Approved',
      sort: '-submitted',
    })
    expect(list.statusCode).toBe(200)
    const listRows = onlySheet(await openWorkbook(list)).rowCount - 1
    expect(listRows).toBeGreaterThan(0)
    const [listEntry] = await recorded('list-export', 1)
    expect(listEntry).toMatchObject({
      actor: ACTOR,
      year: 2025,
      filters: { year: 2025, status: 'Approved', sort: '-submitted' },
      rows: listRows,
    })

    const all = await postReportForm(t.app, '/api/reports/export', { bearer_token: token })
    const allRows = onlySheet(await openWorkbook(all)).rowCount - 1
    expect((await recorded('export', 1))[0]).toMatchObject({ filters: {}, rows: allRows })

    const invoices = await postReportForm(t.app, '/api/reports/invoices/2024', {
      bearer_token: token,
    })
    expect(invoices.statusCode).toBe(200)
    expect((await recorded('invoice-report', 1, 2024))[0]).toMatchObject({
      year: 2024,
      filters: { year: 2024 },
      rows: 0,
    })

    const notReEnrolled = await postReportForm(
      t.app,
      '/api/reports/not-re-enrolled?year=2025&type=Dealer',
      { bearer_token: token },
    )
    expect(notReEnrolled.statusCode).toBe(200)
    expect((await recorded('not-re-enrolled-export', 1))[0]).toMatchObject({
      filters: { year: 2025, type: 'Dealer' },
    })
  })

  it('answers a year’s trail newest first, and exports it as the tab shows it', async () => {
    const { entries } = await trail()
    expect(entries.length).toBeGreaterThan(3)
    const times = entries.map((entry) => entry.at)
    expect([...times].sort().reverse()).toEqual(times)
    expect((await trail('?year=2024')).entries.map((entry) => entry.action)).toEqual([
      'invoice-report',
    ])
    expect((await trail('?year=2023')).entries).toEqual([])

    const download = await postReportForm(t.app, '/api/reports/audit/2025', { bearer_token: token })
    expect(download.statusCode).toBe(200)
    const sheet = onlySheet(await openWorkbook(download))
    expect(rowValues(sheet, 1)).toEqual(['When (UTC)', 'Who', 'What', 'Filters', 'Rows'])
    expect(sheet.rowCount - 1).toBe(entries.length)
    const newest = entries[0]
    expect(rowValues(sheet, 2).slice(1)).toEqual([
      ACTOR,
      expect.any(String),
      expect.any(String),
      newest?.rows,
    ])
    const [self] = await recorded('audit-report', 1)
    expect(self).toMatchObject({ filters: { year: 2025 }, rows: entries.length })
  })

  it('is for administrators only, and refuses a bad year', async () => {
    expect((await t.app.inject({ url: '/api/audit' })).statusCode).toBe(401)
    const viewer = await t.idp.sign(VIEWER_CLAIMS, { expiresIn: 3600 })
    const refused = await t.app.inject({
      url: '/api/audit',
      headers: { authorization: `Bearer ${viewer}` },
    })
    expect(refused.statusCode).toBe(403)
    const report = await postReportForm(t.app, '/api/reports/audit/2025', { bearer_token: viewer })
    expect(report.statusCode).toBe(403)
    const bad = await t.asAdmin({ url: '/api/audit?year=20x5' })
    expect(bad.statusCode).toBe(400)
  })
})
