import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  INVOICE_ITEM_DESCRIPTIONS,
  invoiceItems,
  type PricedRow,
} from '../../shared/enrollment/pricing.js'
import { createInvoiceRepository } from '../invoice/invoice-repository.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const CURRENCY = '"$"#,##0.00'
const row = (kitSize: 'Large' | 'Small', hispanic: 'Yes' | 'No' | 'Only'): PricedRow => ({
  kitSize,
  hispanic,
  billing: 'Lma',
})

describe.each(testDatabaseKinds())('the invoices report on %s', (kind) => {
  let t: AdminTestApp
  let token: string

  async function issue(
    year: number,
    date: string,
    lmaName: string,
    rows: PricedRow[],
    enrollmentReference: string | null = null,
  ) {
    const priced = invoiceItems(rows)
    await t.database.db.transaction().execute((trx) =>
      createInvoiceRepository(trx).issue(trx, {
        enrollmentGuid: randomUUID(),
        enrollmentReference,
        invoiceYear: year,
        invoiceDate: date,
        terms: 'Net 60',
        brand: 'chevy',
        brandName: 'Chevrolet',
        lmaName,
        billToEmail: `billing@${lmaName.length}.example`,
        billTo: [lmaName],
        remitTo: ['Dealer Funded POS Program'],
        items: priced.items,
        subtotalCents: priced.subtotalCents,
        grandTotalCents: priced.grandTotalCents,
      }),
    )
  }
  const download = async (year: number) => {
    const response = await postReportForm(t.app, `/api/reports/invoices/${year}`, {
      bearer_token: token,
    })
    expect(response.statusCode).toBe(200)
    return onlySheet(await openWorkbook(response))
  }

  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    token = await t.idp.sign(ADMIN_CLAIMS)
    await issue(
      2026,
      '2026-01-15',
      'North Dealers',
      [row('Large', 'Yes'), row('Small', 'No')],
      'C81C-6061-6136',
    )
    await issue(2026, '2026-02-03', '=cmd|"/C calc"!A0', [
      row('Large', 'Only'),
      row('Small', 'Only'),
      row('Small', 'Yes'),
    ])
    await issue(2027, '2027-01-10', 'Next Year Dealers', [row('Large', 'No')])
    // The first is paid; the second, due 60 days after 2026-02-03, is long overdue.
    await t.database.db
      .updateTable('invoices')
      .set({ paid_on: '2026-02-01', payment_reference: 'Check 77' })
      .where('invoice_number', '=', '2026-0001')
      .execute()
  })
  afterAll(() => t.close())

  it('has one row per invoice of the year, quantities per item, then a totals row', async () => {
    const sheet = await download(2026)
    expect(rowValues(sheet, 1)).toEqual([
      'Invoice Number',
      'Enrollment Reference',
      'Invoice Date',
      'Brand',
      'LMA',
      'Bill-To Email',
      ...INVOICE_ITEM_DESCRIPTIONS,
      'Subtotal',
      'Grand Total',
      'Due Date',
      'Payment',
      'Paid On',
      'Payment Reference',
      'Amount Paid',
      'Amount Unpaid',
      'Amount Overdue',
      'Revision',
      'Standing',
      'Void Reason',
      'Credit Due Back',
    ])
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true)
    expect(sheet.rowCount).toBe(1 + 2 + 2)
    expect(rowValues(sheet, 2)).toEqual([
      '2026-0001',
      'C81C-6061-6136',
      new Date('2026-01-15T00:00:00Z'),
      'Chevrolet',
      'North Dealers',
      'billing@13.example',
      1,
      1,
      0,
      0,
      1,
      850,
      850,
      new Date('2026-03-16T00:00:00Z'),
      'Paid',
      new Date('2026-02-01T00:00:00Z'),
      'Check 77',
      850,
      0,
      0,
      1,
      'Live',
      undefined,
      0,
    ])
    // An invoice that does not know its enrollment's reference leaves the cell empty.
    expect(rowValues(sheet, 3)[1]).toBeUndefined()
    expect(rowValues(sheet, 3).slice(4, 13)).toEqual([
      `'=cmd|"/C calc"!A0`,
      'billing@17.example',
      0,
      1,
      1,
      1,
      1,
      1175,
      1175,
    ])
    expect(rowValues(sheet, 3).slice(13)).toEqual([
      new Date('2026-04-04T00:00:00Z'),
      'Overdue',
      undefined,
      undefined,
      0,
      0,
      1175,
      1,
      'Live',
      undefined,
      0,
    ])
    expect(rowValues(sheet, 4)).toEqual([])
    expect(rowValues(sheet, 5)).toEqual([
      'Total',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      1,
      2,
      1,
      1,
      2,
      2025,
      2025,
      undefined,
      undefined,
      undefined,
      undefined,
      850,
      0,
      1175,
      undefined,
      undefined,
      undefined,
      0,
    ])
    expect(sheet.getRow(5).getCell(1).font?.bold).toBe(true)
  })

  it('writes the date as a date, quantities as numbers, money as currency', async () => {
    const sheet = await download(2026)
    const invoice = sheet.getRow(2)
    expect(invoice.getCell(3).type).toBe(ExcelJS.ValueType.Date)
    expect(invoice.getCell(3).numFmt).toBe('mmm d, yyyy')
    expect(invoice.getCell(7).type).toBe(ExcelJS.ValueType.Number)
    for (const column of [12, 13]) {
      expect(invoice.getCell(column).numFmt).toBe(CURRENCY)
      expect(sheet.getRow(5).getCell(column).numFmt).toBe(CURRENCY)
    }
    expect(sheet.getRow(3).getCell(5).type).toBe(ExcelJS.ValueType.String)
  })

  it('freezes the header and filters the invoice rows, not the totals', async () => {
    const sheet = await download(2026)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 })
    expect(sheet.autoFilter).toBe('A1:X3')
  })

  it('has only the header and a zero totals row for a year without invoices', async () => {
    const sheet = await download(2019)
    expect(sheet.rowCount).toBe(3)
    expect(rowValues(sheet, 3)).toEqual([
      'Total',
      ...Array(5).fill(undefined),
      ...Array(7).fill(0),
      ...Array(4).fill(undefined),
      ...Array(3).fill(0),
      ...Array(3).fill(undefined),
      0,
    ])
    expect(sheet.autoFilter).toBe('A1:X1')
  })

  it('lists the invoice an approval issues', async () => {
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: lmaEnrollment(2, { name: 'Approved Dealers' }),
    })
    const { guid, reference } = await loadByReceipt(t, submitted.json())
    const approved = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/approve` })
    expect(approved.statusCode).toBe(200)
    const sheet = await download(2025)
    expect(sheet.rowCount).toBe(1 + 1 + 2)
    // Two member dealers: Large and Small, each with a Hispanic add-on.
    expect(rowValues(sheet, 2).slice(0, 13)).toEqual([
      '2025-0001',
      reference,
      expect.any(Date),
      'Chevrolet',
      'Approved Dealers',
      'billing@gscd.example',
      1,
      1,
      0,
      0,
      2,
      975,
      975,
    ])
  })
})
