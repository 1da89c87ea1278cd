import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  regionId,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const YEAR = 2025
const DATES = { shipBy: '2025-03-01', inStoreFrom: '2025-03-15', inStoreTo: '2025-04-15' }

/**
 * 'All enrollments (Excel)' with shipping (docs/product.md#reports): one column group per sales
 * event of the enrollment year (Shipped Date, Carrier, Tracking), named by the event, still one
 * row per dealer entry; several packages joined with '; '; inert text; a regional manager's
 * workbook with their regions' shipments only.
 */
describe.each(testDatabaseKinds())('the enrollment export’s shipments on %s', (kind) => {
  let t: AdminTestApp
  const enrollments: Record<string, WireEnrollment> = {}
  const events: Record<string, string> = {}

  async function newEvent(brand: string, name: string) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events?brand=${brand}&year=${YEAR}`,
      payload: { name, ...DATES },
    })
    expect(response.statusCode, response.body).toBe(201)
    const { guid } = response.json() as { guid: string }
    const { id } = await t.database.db
      .selectFrom('sales_events')
      .select('id')
      .where('guid', '=', guid)
      .executeTakeFirstOrThrow()
    return id
  }
  async function ship(
    eventId: string,
    enrollment: WireEnrollment,
    bac: string,
    shipment: { tracking: string; carrier: string; on: string },
  ) {
    await t.database.db
      .insertInto('shipments')
      .values({
        event_id: eventId,
        bac,
        bac_key: bac.toUpperCase(),
        tracking_number: shipment.tracking,
        carrier: shipment.carrier,
        shipped_on: shipment.on,
        enrollment_guid: enrollment.guid,
        region_id: enrollment.regionId,
        recorded_by: 'test',
      })
      .execute()
  }
  const download = async (token: string) => {
    const response = await postReportForm(t.app, '/api/reports/export', { bearer_token: token })
    expect(response.statusCode, response.body).toBe(200)
    const sheet = onlySheet(await openWorkbook(response))
    const headers = rowValues(sheet, 1).map(String)
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, index) => index + 2)
    const cell = (row: number, header: string) => {
      const column = headers.indexOf(header) + 1
      if (column === 0) throw new Error(`No column ${header}`)
      return sheet.getRow(row).getCell(column)
    }
    /** The row of a dealer, by BAC. */
    const rowOf = (bac: string) => {
      const row = rows.find((each) => cell(each, 'BAC').value === bac)
      if (row === undefined) throw new Error(`No row for ${bac}`)
      return row
    }
    return { sheet, headers, rows, cell, rowOf }
  }

  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { ENROLLMENT_YEAR: String(YEAR) },
      { mail: { worker: false } },
    )
    const greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    enrollments.dealer = await submittedEnrollment(
      t,
      dealerEnrollment({}, { regionId: greatLakes, year: YEAR }),
    )
    enrollments.lma = await submittedEnrollment(t, lmaEnrollment(2, {}, { regionId: greatLakes }))
    enrollments.gm = await submittedEnrollment(
      t,
      dealerEnrollment({}, { brand: 'gm', regionId: null, year: YEAR }),
    )
    events.spring = await newEvent('chevy', '=Spring Event')
    events.fall = await newEvent('chevy', 'Fall Event')
    events.gm = await newEvent('gm', 'GM Launch')
    // Last year's events make no columns.
    await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2024',
      payload: { name: 'Old Event', ...DATES },
    })
    const dealer = enrollments.dealer
    const lma = enrollments.lma
    const gm = enrollments.gm
    if (!dealer || !lma || !gm) throw new Error('The enrollments were not stored')
    const bac = (enrollment: WireEnrollment, index = 0) => enrollment.dealers[index]?.bac ?? ''
    await ship(events.spring, dealer, bac(dealer), {
      tracking: '1Z999',
      carrier: 'UPS',
      on: '2025-02-20',
    })
    await ship(events.spring, dealer, bac(dealer), {
      tracking: '1Z998',
      carrier: 'UPS',
      on: '2025-02-20',
    })
    await ship(events.fall, dealer, bac(dealer), {
      tracking: '=cmd|1',
      carrier: '@FedEx',
      on: '2025-02-21',
    })
    await ship(events.fall, dealer, bac(dealer), {
      tracking: '7712',
      carrier: 'FedEx',
      on: '2025-02-23',
    })
    await ship(events.spring, lma, bac(lma, 1), {
      tracking: '9400',
      carrier: 'USPS',
      on: '2025-02-22',
    })
    await ship(events.gm, gm, bac(gm), { tracking: 'GM1', carrier: 'UPS', on: '2025-02-24' })
  })
  afterAll(() => t.close())

  it('has a column group per event of the enrollment year, named by the event and its brand', async () => {
    const { headers } = await download(await t.idp.sign(ADMIN_CLAIMS))
    const kitCost = headers.indexOf('Kit Cost')
    const group = (name: string) => [
      `${name}: Shipped Date`,
      `${name}: Carrier`,
      `${name}: Tracking`,
    ]
    expect(headers.slice(kitCost + 1, kitCost + 10)).toEqual([
      ...group('Chevrolet =Spring Event'),
      ...group('Chevrolet Fall Event'),
      ...group('GM GM Launch'),
    ])
    expect(headers.some((header) => header.includes('Old Event'))).toBe(false)
    expect(headers.at(-1)).toBe('Enrollment ID')
  })

  it('fills each dealer row’s packages: one date as a date, several joined; inert text', async () => {
    const { cell, rowOf, rows } = await download(await t.idp.sign(ADMIN_CLAIMS))
    // Still one row per dealer entry: the dealer, the LMA's two, the GM dealer.
    expect(rows).toHaveLength(4)
    const dealer = rowOf(enrollments.dealer?.dealers[0]?.bac ?? '')
    const spring = 'Chevrolet =Spring Event'
    const shipped = cell(dealer, `${spring}: Shipped Date`)
    expect(shipped.value).toEqual(new Date('2025-02-20T00:00:00Z'))
    expect(shipped.numFmt).toBe('mmm d, yyyy')
    expect(cell(dealer, `${spring}: Carrier`).value).toBe('UPS; UPS')
    expect(cell(dealer, `${spring}: Tracking`).value).toBe('1Z998; 1Z999')
    const fall = 'Chevrolet Fall Event'
    expect(cell(dealer, `${fall}: Shipped Date`).value).toBe('Feb 21, 2025; Feb 23, 2025')
    expect(cell(dealer, `${fall}: Carrier`).value).toBe("'@FedEx; FedEx")
    const tracking = cell(dealer, `${fall}: Tracking`)
    expect(tracking.value).toBe("'=cmd|1; 7712")
    expect(tracking.type).toBe(ExcelJS.ValueType.String)
    // The LMA's second dealer shipped, its first did not.
    const first = rowOf(enrollments.lma?.dealers[0]?.bac ?? '')
    const second = rowOf(enrollments.lma?.dealers[1]?.bac ?? '')
    expect(cell(first, `${spring}: Tracking`).value).toBeNull()
    expect(cell(second, `${spring}: Tracking`).value).toBe('9400')
    expect(cell(second, `${spring}: Shipped Date`).value).toEqual(new Date('2025-02-22T00:00:00Z'))
    // An event of another brand has nothing for this brand's rows.
    expect(cell(dealer, 'GM GM Launch: Tracking').value).toBeNull()
    expect(cell(rowOf(enrollments.gm?.dealers[0]?.bac ?? ''), 'GM GM Launch: Carrier').value).toBe(
      'UPS',
    )
  })

  it('a regional manager’s workbook has their regions’ rows and shipments only', async () => {
    const { token } = await signedInAs(t, REGIONAL_MANAGER_CLAIMS)
    const { rows, cell, rowOf } = await download(token)
    expect(rows).toHaveLength(3)
    const dealer = rowOf(enrollments.dealer?.dealers[0]?.bac ?? '')
    expect(cell(dealer, 'Chevrolet =Spring Event: Tracking').value).toBe('1Z998; 1Z999')
  })
})
