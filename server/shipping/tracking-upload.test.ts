import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MANIFEST_COLUMNS } from '../../shared/shipping/vendor-layout.js'
import {
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  REGIONAL_MANAGER_REGION,
  regionId,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { onlySheet, openWorkbook, rowValues } from '../test-support/report-download.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const VENDOR_CLAIMS = {
  preferred_username: 'vera.vendor@printer.example',
  name: 'Vera Vendor',
  oid: '00000000-0000-0000-0000-00000000e0e0',
  roles: ['PosVendor'],
}
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const HEADERS = MANIFEST_COLUMNS.map((column) => column.header)
const TRACKING_HEADER = 'BAC,Event Code,Carrier,Tracking Number,Shipped Date'

/**
 * The print vendor's side of shipping (docs/product.md#vendor-layout, #tracking-upload): a
 * release downloaded as CSV or Excel in the vendor layout, and tracking uploaded back, checked
 * row by row, all or nothing.
 */
describe.each(testDatabaseKinds())('release files and the tracking upload on %s', (kind) => {
  let t: AdminTestApp
  let asVendor: Inject
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { FULFILLMENT_ROLE: 'PosVendor' },
      { mail: { worker: false } },
    )
    asVendor = (await signedInAs(t, VENDOR_CLAIMS)).inject
  })
  afterAll(() => t.close())

  let events = 0
  /** A new event of 2025 with `count` approved dealers (in `region` when given), released once. */
  async function released(count = 2, region?: number) {
    const dealers: WireEnrollment[] = []
    for (let index = 0; index < count; index++) {
      const stored = await submittedEnrollment(t, dealerEnrollment())
      if (region !== undefined) {
        await t.database.db
          .updateTable('enrollments')
          .set({ region_id: region })
          .where('guid', '=', stored.guid)
          .execute()
      }
      await approve(stored.guid)
      dealers.push(stored)
    }
    const added = await t.asAdmin({
      method: 'POST',
      url: '/api/shipping/events?brand=chevy&year=2025',
      payload: {
        name: `Vendor Event ${++events}`,
        shipBy: '2025-03-01',
        inStoreFrom: '2025-03-15',
        inStoreTo: '2025-04-15',
      },
    })
    expect(added.statusCode, added.body).toBe(201)
    const event = added.json() as { guid: string; code: string }
    await release(event.guid, 0)
    return { event, dealers, bacs: dealers.map((each) => each.dealers[0]?.bac ?? '') }
  }
  async function approve(guid: string, action = 'approve') {
    const answer = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/${action}` })
    expect(answer.statusCode, answer.body).toBe(200)
  }
  async function release(guid: string, after: number) {
    const answer = await t.asAdmin({
      method: 'POST',
      url: `/api/shipping/events/${guid}/releases`,
      payload: { after },
    })
    expect(answer.statusCode, answer.body).toBe(201)
  }
  const file = (as: Inject, guid: string, number: number, query: string) =>
    as({ method: 'GET', url: `/api/shipping/events/${guid}/releases/${number}/file?${query}` })
  const csvRows = (body: string) => parse(body, { bom: true }) as string[][]
  const upload = (lines: string[], as: Inject = asVendor) =>
    as({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': 'text/csv' },
      payload: `${[TRACKING_HEADER, ...lines].join('\r\n')}\r\n`,
    })
  const shipmentsOf = (bac: string) =>
    t.database.db
      .selectFrom('shipments')
      .select(['tracking_number', 'carrier', 'enrollment_guid'])
      .where('bac', '=', bac)
      .orderBy('tracking_number')
      .execute()

  it('the vendor downloads a release as CSV and as Excel in the vendor layout, or only its changes', async () => {
    const { event, dealers, bacs } = await released(3)
    const csv = await file(asVendor, event.guid, 1, 'format=csv&rows=all')
    expect(csv.statusCode, csv.body).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${event.code}-release-1.csv"`,
    )
    expect(csv.body.startsWith('\uFEFF')).toBe(true)
    expect(csv.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/)
    const [header, ...rows] = csvRows(csv.body)
    expect(header).toEqual(HEADERS)
    expect(rows.map((row) => row[HEADERS.indexOf('BAC')]).sort()).toEqual(
      expect.arrayContaining([...bacs].sort()),
    )
    const first = rows.find((row) => row[HEADERS.indexOf('BAC')] === bacs[0])
    expect(first?.slice(0, 6)).toEqual([
      event.code,
      expect.stringMatching(/^Vendor Event/),
      '2025-03-01',
      '1',
      'Added',
      bacs[0],
    ])
    expect(first?.[HEADERS.indexOf('Reference')]).toBe(dealers[0]?.reference)

    const xlsx = await file(asVendor, event.guid, 1, 'format=xlsx')
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.headers['content-type']).toBe(XLSX)
    expect(xlsx.headers['content-disposition']).toBe(
      `attachment; filename="${event.code}-release-1.xlsx"`,
    )
    const sheet = onlySheet(await openWorkbook(xlsx))
    expect(rowValues(sheet, 1)).toEqual(HEADERS)
    expect(sheet.actualRowCount).toBe(rows.length + 1)
    const excelRow = Array.from({ length: sheet.actualRowCount - 1 }, (_, index) =>
      rowValues(sheet, index + 2),
    ).find((row) => row[HEADERS.indexOf('BAC')] === bacs[0])
    expect(excelRow?.[HEADERS.indexOf('Release')]).toBe(1)
    expect(excelRow?.[HEADERS.indexOf('English Kits')]).toBe(1)

    // A decline after the release: release 2's changes are its cancellation only.
    await approve(dealers[1]?.guid ?? '', 'decline')
    await release(event.guid, 1)
    const changes = await file(asVendor, event.guid, 2, 'format=csv&rows=changes')
    expect(changes.headers['content-disposition']).toBe(
      `attachment; filename="${event.code}-release-2-changes.csv"`,
    )
    const [, ...changed] = csvRows(changes.body)
    expect(
      changed.map((row) => [row[HEADERS.indexOf('BAC')], row[HEADERS.indexOf('Change')]]),
    ).toEqual([[bacs[1], 'Cancelled']])
    const changedXlsx = onlySheet(
      await openWorkbook(await file(asVendor, event.guid, 2, 'format=xlsx&rows=changes')),
    )
    expect(changedXlsx.actualRowCount).toBe(2)

    expect((await file(asVendor, event.guid, 3, 'format=csv')).statusCode).toBe(404)
    expect((await file(asVendor, event.guid, 1, 'format=pdf')).statusCode).toBe(400)
    expect((await file(asVendor, event.guid, 1, 'rows=some')).statusCode).toBe(400)
  })

  it('a text a spreadsheet would run as a formula stays text in both files', async () => {
    const stored = await submittedEnrollment(t, dealerEnrollment({ address: '-1 Formula Road' }))
    await approve(stored.guid)
    const { event } = await released(0)
    const csv = await file(asVendor, event.guid, 1, 'format=csv')
    const row = csvRows(csv.body).find((each) => each.includes(stored.dealers[0]?.bac ?? ''))
    expect(row?.[HEADERS.indexOf('Address')]).toBe("'-1 Formula Road")
    const sheet = onlySheet(await openWorkbook(await file(asVendor, event.guid, 1, 'format=xlsx')))
    const cells = Array.from({ length: sheet.actualRowCount }, (_, index) =>
      rowValues(sheet, index + 1),
    ).find((each) => each.includes(stored.dealers[0]?.bac ?? ''))
    expect(cells?.[HEADERS.indexOf('Address')]).toBe("'-1 Formula Road")
  })

  it('the vendor sees nothing else: 403 on the enrollments and the dashboard', async () => {
    for (const url of ['/api/enrollments', '/api/dashboard']) {
      expect((await asVendor({ method: 'GET', url })).statusCode, url).toBe(403)
    }
  })

  it('a regional manager’s file holds their regions’ rows only; the upload is the vendor’s and the administrators’', async () => {
    const mine = await regionId(t, REGIONAL_MANAGER_REGION)
    const other = (
      await t.database.db
        .selectFrom('regions')
        .select('id')
        .where('id', '!=', mine)
        .executeTakeFirstOrThrow()
    ).id
    const ours = await submittedEnrollment(t, dealerEnrollment())
    const theirs = await submittedEnrollment(t, dealerEnrollment())
    for (const [each, region] of [
      [ours, mine],
      [theirs, other],
    ] as const) {
      await t.database.db
        .updateTable('enrollments')
        .set({ region_id: region })
        .where('guid', '=', each.guid)
        .execute()
      await approve(each.guid)
    }
    const { event } = await released(0)
    const bacOf = (each: WireEnrollment) => each.dealers[0]?.bac ?? ''
    const managers = await file(t.asRegionalManager, event.guid, 1, 'format=csv')
    expect(managers.statusCode).toBe(200)
    const bacs = csvRows(managers.body).map((row) => row[HEADERS.indexOf('BAC')])
    expect(bacs).toContain(bacOf(ours))
    expect(bacs).not.toContain(bacOf(theirs))
    const vendors = csvRows((await file(asVendor, event.guid, 1, 'format=csv')).body).map(
      (row) => row[HEADERS.indexOf('BAC')],
    )
    expect(vendors).toEqual(expect.arrayContaining([bacOf(ours), bacOf(theirs)]))

    const line = `${bacOf(ours)},${event.code},UPS,1ZREGION,2025-02-20`
    expect((await upload([line], t.asRegionalManager)).statusCode).toBe(403)
    expect((await upload([line], t.asReadOnly)).statusCode).toBe(403)
    const byAdmin = await upload([line], t.asAdmin)
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect(byAdmin.json()).toEqual({ rows: 1, added: 1, unchanged: 0 })
  })

  it('a file with one bad row records nothing and names that row; fixed, it is recorded; again, nothing is added; a second tracking number is a second package', async () => {
    const { event, dealers, bacs } = await released(2)
    const [a = '', b = ''] = bacs
    const bad = [
      `${a},${event.code},UPS,1Z999AA10123456784,2025-02-20`,
      `${b},${event.code},FedEx,7946 1234 5678,2025-02-31`,
    ]
    const refused = await upload(bad)
    expect(refused.statusCode, refused.body).toBe(400)
    expect(refused.json()).toMatchObject({
      detail: 'Nothing was recorded: 1 row has an error. Correct the file and upload it again.',
      errors: { 'row 3': ['The shipped date is not a date: write it as YYYY-MM-DD.'] },
    })
    expect(Object.keys(refused.json().errors)).toEqual(['row 3'])
    expect(await shipmentsOf(a)).toEqual([])

    const fixed = [bad[0] ?? '', `${b},${event.code.toLowerCase()},fedex,7946 1234 5678,2025-02-21`]
    const stored = await upload(fixed)
    expect(stored.statusCode, stored.body).toBe(200)
    expect(stored.json()).toEqual({ rows: 2, added: 2, unchanged: 0 })
    expect(await shipmentsOf(b)).toEqual([
      { tracking_number: '794612345678', carrier: 'FedEx', enrollment_guid: dealers[1]?.guid },
    ])
    // Each enrollment's every dealer shipped: its mail is queued after the answer, not 15 minutes
    // later by the job (the scheduler's job is the same function).
    const guids = dealers.map((each) => each.guid)
    const noticed = await waitFor(async () => {
      const rows = await t.database.db
        .selectFrom('outbox')
        .select('enrollment_guid')
        .where('kind', '=', 'shipment-notice')
        .where('enrollment_guid', 'in', guids)
        .execute()
      return rows.length === 2 ? rows : undefined
    })
    expect(noticed.map((row) => row.enrollment_guid).sort()).toEqual([...guids].sort())

    const again = await upload(fixed)
    expect(again.json()).toEqual({ rows: 2, added: 0, unchanged: 2 })
    expect(await shipmentsOf(a)).toHaveLength(1)

    const second = await upload([...fixed, `${a},${event.code},UPS,1Z999AA10123456785,2025-02-22`])
    expect(second.json()).toEqual({ rows: 3, added: 1, unchanged: 2 })
    expect((await shipmentsOf(a)).map((row) => row.tracking_number)).toEqual([
      '1Z999AA10123456784',
      '1Z999AA10123456785',
    ])

    // The audit trail records the uploads that added shipments, with the rows added.
    const audit = (
      await t.database.db
        .selectFrom('audit_trail')
        .select(['row_count', 'actor', 'filters'])
        .where('action', '=', 'tracking-upload')
        .orderBy('id')
        .execute()
    ).filter((row) => JSON.stringify(row.filters).includes(event.code))
    expect(audit.map((row) => row.row_count)).toEqual([2, 1])
    expect(audit[0]?.actor).toBe(VENDOR_CLAIMS.preferred_username)
  })

  it('a tracking number is one whatever its case and spaces: stored in upper case without them', async () => {
    const { event, bacs } = await released(1)
    const [a = ''] = bacs
    const first = await upload([
      `${a},${event.code},UPS,1Z1,2025-02-20`,
      `${a},${event.code},UPS,1z1,2025-02-20`,
      `${a},${event.code},UPS,1Z 1,2025-02-20`,
    ])
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toEqual({ rows: 3, added: 1, unchanged: 2 })
    const again = await upload([`${a},${event.code},UPS,1 z 1,2025-02-20`])
    expect(again.json()).toEqual({ rows: 1, added: 0, unchanged: 1 })
    const other = await upload([`${a},${event.code},FedEx,1z1,2025-02-20`])
    expect(other.statusCode).toBe(400)
    expect((await shipmentsOf(a)).map((row) => row.tracking_number)).toEqual(['1Z1'])
  })

  it('a dealer gets at most 20 packages per event, counting those recorded', async () => {
    const { event, bacs } = await released(1)
    const [a = ''] = bacs
    const line = (index: number) => `${a},${event.code},UPS,1ZMANY${index},2025-02-20`
    const first = await upload(Array.from({ length: 19 }, (_, index) => line(index)))
    expect(first.json()).toEqual({ rows: 19, added: 19, unchanged: 0 })
    const more = await upload([line(0), line(19), line(20), line(21)])
    expect(more.statusCode, more.body).toBe(400)
    const problem = `BAC ${a} would have more than 20 packages for ${event.code}: a dealer gets at most 20 per event.`
    expect(more.json().errors).toEqual({ 'row 4': [problem], 'row 5': [problem] })
    expect(await shipmentsOf(a)).toHaveLength(19)
    const last = await upload([line(0), line(19)])
    expect(last.json()).toEqual({ rows: 2, added: 1, unchanged: 1 })
    expect(await shipmentsOf(a)).toHaveLength(20)
  })

  it('checks every row: event, BAC on the latest release, carrier, tracking number, date, the same key twice, a stored shipment', async () => {
    const { event, dealers, bacs } = await released(3)
    const [a = '', b = '', c = ''] = bacs
    await upload([`${a},${event.code},UPS,1ZSTORED,2025-02-20`]).then((answer) =>
      expect(answer.statusCode, answer.body).toBe(200),
    )
    // Declined and released again: c is cancelled in the latest release.
    await approve(dealers[2]?.guid ?? '', 'decline')
    await release(event.guid, 1)
    const answer = await upload([
      `${a},CHEVY-2099-9,UPS,1ZA,2025-02-20`,
      `NOSUCHBAC,${event.code},UPS,1ZB,2025-02-20`,
      `${c},${event.code},UPS,1ZC,2025-02-20`,
      `${b},${event.code},,1ZD,2025-02-20`,
      `${b},${event.code},UPS,,2025-02-20`,
      `${b},${event.code},UPS,9.4001E+21,2025-02-20`,
      `${b},${event.code},UPS,1ZE,2999-01-01`,
      `${b},${event.code},UPS,1ZF,`,
      `${b},${event.code},UPS,1ZG,2025-02-20`,
      `${b},${event.code},USPS,1ZG,2025-02-20`,
      `${a},${event.code},FedEx,1ZSTORED,2025-02-20`,
      ',,,,',
      `${b},${event.code},UPS,1ZOK,2025-02-20`,
      `${b},${event.code},UPS,1ZOLD,1900-01-01`,
    ])
    expect(answer.statusCode, answer.body).toBe(400)
    const errors = answer.json().errors as Record<string, string[]>
    expect(errors).toEqual({
      'row 2': ['There is no sales event CHEVY-2099-9.'],
      'row 3': [`BAC NOSUCHBAC is not on release 2 of ${event.code}.`],
      'row 4': [`BAC ${c} is cancelled in release 2 of ${event.code}: it does not ship.`],
      'row 5': ['Enter the carrier.'],
      'row 6': ['Enter the tracking number.'],
      'row 7': [
        'The tracking number 9.4001E+21 lost its digits as a number: format the column as text and enter it again.',
      ],
      'row 8': ['The shipped date 2999-01-01 is in the future.'],
      'row 9': ['Enter the shipped date (YYYY-MM-DD).'],
      'row 11': [
        'Row 10 has the same BAC, event and tracking number with another carrier or shipped date.',
      ],
      'row 12': [
        `Tracking number 1ZSTORED of BAC ${a} for ${event.code} is recorded already, shipped on 2025-02-20 by UPS: the program office corrects a recorded shipment in the enrollment’s dialog.`,
      ],
      'row 15': [
        'The shipped date 1900-01-01 is before January 1, 2024: a 2025 event’s kits ship from the year before on.',
      ],
    })
    expect(await shipmentsOf(b)).toEqual([])
  })

  it('reads an Excel file: columns in any order, found by header whatever their case and spaces, an Excel date', async () => {
    const { event, bacs } = await released(1)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Tracking')
    sheet.addRow(['shipped date', 'TRACKING  NUMBER', 'Notes', 'carrier', 'eventcode', 'bac'])
    sheet.addRow([new Date(Date.UTC(2025, 1, 20)), '1ZEXCEL', 'left', 'ups', event.code, bacs[0]])
    sheet.addRow([45709, '1ZSERIAL', '', 'U.P.S.', event.code, bacs[0]])
    const body = Buffer.from(await workbook.xlsx.writeBuffer())
    const answer = await asVendor({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': XLSX },
      payload: body,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toEqual({ rows: 2, added: 2, unchanged: 0 })
    const stored = await t.database.db
      .selectFrom('shipments')
      .select(['tracking_number', 'carrier'])
      .select((eb) =>
        eb.fn<string>('to_char', [eb.ref('shipped_on'), eb.val('YYYY-MM-DD')]).as('on'),
      )
      .where('bac', '=', bacs[0] ?? '')
      .orderBy('tracking_number')
      .execute()
    expect(stored).toEqual([
      { tracking_number: '1ZEXCEL', carrier: 'UPS', on: '2025-02-20' },
      { tracking_number: '1ZSERIAL', carrier: 'UPS', on: '2025-02-21' },
    ])
  })

  it('a tracking number or BAC typed as a number too long to keep its digits is refused: the column is to be text', async () => {
    const { event, bacs } = await released(1)
    const workbook = new ExcelJS.Workbook()
    const sheet = workbook.addWorksheet('Tracking')
    sheet.addRow(['BAC', 'Event Code', 'Carrier', 'Tracking Number', 'Shipped Date'])
    // A 20-digit FedEx number typed in a number cell was stored as 61299995669352460000.
    sheet.addRow([bacs[0], event.code, 'FedEx', Number('61299995669352455464'), '2025-02-20'])
    sheet.addRow([Number('12345678901234567890'), event.code, 'UPS', '1ZNUMBERBAC', '2025-02-20'])
    sheet.addRow([bacs[0], event.code, 'UPS', 123456789012, '2025-02-20'])
    const answer = await asVendor({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': XLSX },
      payload: Buffer.from(await workbook.xlsx.writeBuffer()),
    })
    expect(answer.statusCode, answer.body).toBe(400)
    expect(answer.json().errors).toEqual({
      'row 2': [
        'The tracking number 61299995669352460000 lost its digits as a number: format the column as text and enter it again.',
      ],
      'row 3': [
        'The BAC 12345678901234567000 lost its digits as a number: format the column as text and enter it again.',
      ],
    })
    expect(await shipmentsOf(bacs[0] ?? '')).toEqual([])
  })

  it('a file that is not a tracking file is a clear 4xx and records nothing', async () => {
    const post = (payload: string | Buffer, type: string) =>
      asVendor({
        method: 'POST',
        url: '/api/shipping/tracking',
        headers: { 'content-type': type },
        payload,
      })
    const noColumns = await post('BAC,Event\r\nX,Y\r\n', 'text/csv')
    expect(noColumns.statusCode).toBe(400)
    expect(noColumns.json().errors['row 1']).toContain('The header has no “Carrier” column.')
    expect((await post('', 'text/csv')).statusCode).toBe(400)
    expect((await post(`${TRACKING_HEADER}\r\n`, 'text/csv')).statusCode).toBe(400)
    expect((await post('not a workbook', XLSX)).statusCode).toBe(400)
    expect((await post(Buffer.from([0xff, 0xfe, 0x00]), 'text/csv')).statusCode).toBe(400)
    expect((await post('{"rows":[]}', 'application/json')).statusCode).toBe(415)
    expect((await post('<x/>', 'application/xml')).statusCode).toBe(415)
    const many = Array.from(
      { length: 20_001 },
      (_, index) => `B${index},CHEVY-2025-1,UPS,T${index},2025-02-20`,
    )
    const tooMany = await upload(many)
    expect(tooMany.statusCode).toBe(413)
    expect(tooMany.json().detail).toContain('at most 20,000 rows')
  })

  it('a file of a header and megabytes of empty or short lines answers at once and records nothing', async () => {
    const before = await t.database.db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    const post = (payload: string) =>
      asVendor({
        method: 'POST',
        url: '/api/shipping/tracking',
        headers: { 'content-type': 'text/csv' },
        payload,
      })
    // 2 MB of empty lines held the server for over a minute.
    let started = performance.now()
    const blank = await post(`${TRACKING_HEADER}\n${'\n'.repeat(2_000_000)}`)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(blank.statusCode).toBe(400)
    expect(blank.json().detail).toBe('The file has a header but no rows: nothing was recorded.')
    started = performance.now()
    const short = await post(`${TRACKING_HEADER}\n${'x\n'.repeat(1_000_000)}`)
    expect(performance.now() - started).toBeLessThan(2000)
    expect(short.statusCode).toBe(413)
    expect(short.json().detail).toContain('at most 20,000 rows')
    const after = await t.database.db
      .selectFrom('shipments')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow()
    expect(after.count).toBe(before.count)
  })

  it('records an upload of 10,000 rows in under a second of server time per 1,000 rows', async () => {
    const { event } = await released(1)
    const stored = await t.database.db
      .selectFrom('sales_events')
      .select('id')
      .where('guid', '=', event.guid)
      .executeTakeFirstOrThrow()
    // Release 2 of 10,000 dealers, stored as a release would store it.
    const releaseRow = await t.database.db
      .insertInto('manifest_releases')
      .values({
        event_id: stored.id,
        number: 2,
        released_by: 'bench',
        row_count: 10_000,
        change_count: 10_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const bacs = Array.from({ length: 10_000 }, (_, index) => `P${String(index).padStart(6, '0')}`)
    for (let start = 0; start < bacs.length; start += 1000) {
      await t.database.db
        .insertInto('manifest_release_rows')
        .values(
          bacs.slice(start, start + 1000).map((bac, index) => ({
            release_id: releaseRow.id,
            position: start + index + 1,
            change: 'added',
            bac,
            bac_key: bac,
            dealer_name: 'Volume Motors',
            address: '1 Volume Way',
            city: 'Detroit',
            state: 'MI',
            postal: '48201',
            country: 'USA',
            english_kit: 'Large',
            english_kits: 1,
            hispanic_kit: null,
            hispanic_kits: 0,
            reference: 'CHEVY-25-VOLUME',
            enrollment_guid: '00000000-0000-4000-8000-000000000001',
            region_id: null,
          })),
        )
        .execute()
    }
    const lines = bacs.map((bac, index) => `${bac},${event.code},UPS,1ZVOL${index},2025-02-20`)
    const started = performance.now()
    const answer = await upload(lines)
    const elapsed = performance.now() - started
    expect(answer.statusCode, answer.body.slice(0, 500)).toBe(200)
    expect(answer.json()).toEqual({ rows: 10_000, added: 10_000, unchanged: 0 })
    expect(elapsed).toBeLessThan(10_000)
    // Again: every row compared, nothing added.
    const again = performance.now()
    expect((await upload(lines)).json()).toEqual({ rows: 10_000, added: 0, unchanged: 10_000 })
    expect(performance.now() - again).toBeLessThan(10_000)
  })
})
