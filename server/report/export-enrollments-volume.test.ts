import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVERY_ENROLLMENT } from '../../shared/auth/staff-role.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { lmaRecord } from '../test-support/enrollment-fixtures.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { repositoriesOf } from '../test-support/repositories-of.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { type ExportRow, exportBatches } from './export-batches.js'

const ENROLLMENTS = 41
const DEALERS_EACH = 50
/** One instant, to the microsecond, for every enrollment: the sort falls through to the id. */
const CREATED = '2025-01-02 03:04:05.678901+00'

async function collect(rows: AsyncGenerator<ExportRow[]>): Promise<string[]> {
  const keys: string[] = []
  for await (const batch of rows) {
    for (const row of batch) keys.push(`${row.guid}/${row.dealer?.bac ?? '-'}`)
  }
  return keys
}

/**
 * The export reads keyset-paginated batches and streams each one into the zip as it goes, so
 * memory does not grow with the number of rows; here: 2,050 dealer rows, more than two batches.
 */
describe.each(testDatabaseKinds())('a large enrollment export on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    const lma = JSON.stringify(lmaRecord())
    await sql`insert into enrollments (guid, year, brand, type, status, lma, lma_name_key, created_at, modified_at)
      select gen_random_uuid(), 2025, 'chevy', 'Lma', 'Approved', ${lma}::jsonb, 'lma ' || i,
        ${CREATED}::timestamptz, ${CREATED}::timestamptz
      from generate_series(1, ${ENROLLMENTS}) as i`.execute(t.database.db)
    await sql`insert into enrollment_dealers (enrollment_id, position, brand, year, bac, bac_key, name, kit_size, hispanic, billing)
      select e.id, p, 'chevy', 2025, (100000 + e.id * 100 + p)::text, (100000 + e.id * 100 + p)::text,
        'Dealer ' || e.id || '-' || p, 'Large', 'No', 'Lma'
      from enrollments e cross join generate_series(0, ${DEALERS_EACH - 1}) as p`.execute(
      t.database.db,
    )
    // An enrollment without dealer rows still has its line.
    await sql`insert into enrollments (guid, year, brand, type, status, created_at, modified_at)
      values (gen_random_uuid(), 2025, 'gm', 'Dealer', 'Declined', ${CREATED}::timestamptz,
        ${CREATED}::timestamptz)`.execute(t.database.db)
  })
  afterAll(() => t.close())

  it('reads every row exactly once, in order, whatever the batch size', async () => {
    const whole = await collect(
      exportBatches(repositoriesOf(t.database.db).enrollmentExport, EVERY_ENROLLMENT, 100_000),
    )
    expect(whole).toHaveLength(ENROLLMENTS * DEALERS_EACH + 1)
    expect(new Set(whole).size).toBe(whole.length)
    expect(
      await collect(
        exportBatches(repositoriesOf(t.database.db).enrollmentExport, EVERY_ENROLLMENT, 7),
      ),
    ).toEqual(whole)
    expect(
      await collect(
        exportBatches(
          repositoriesOf(t.database.db).enrollmentExport,
          EVERY_ENROLLMENT,
          DEALERS_EACH,
        ),
      ),
    ).toEqual(whole)
  })

  it('reads a regional manager’s regions’ rows only, each once, in order, across pages', async () => {
    const whole = await collect(
      exportBatches(repositoriesOf(t.database.db).enrollmentExport, EVERY_ENROLLMENT, 100_000),
    )
    // Every third enrollment in region 6; one in region 7, which the scope leaves out too.
    await sql`update enrollments set region_id = 6 where id % 3 = 0`.execute(t.database.db)
    await sql`update enrollments set region_id = 7 where id = (select max(id) from enrollments where region_id is null)`.execute(
      t.database.db,
    )
    const inRegion = await t.database.db
      .selectFrom('enrollments')
      .select('guid')
      .where('region_id', '=', 6)
      .execute()
    const guids = new Set(inRegion.map((row) => row.guid))
    const expected = whole.filter((key) => guids.has(key.split('/')[0] ?? ''))
    expect(expected.length).toBeGreaterThan(DEALERS_EACH * 10)
    const scope = { all: false, regionIds: [6] } as const
    for (const batchRows of [100_000, 7, DEALERS_EACH, DEALERS_EACH * 3]) {
      expect(
        await collect(
          exportBatches(repositoriesOf(t.database.db).enrollmentExport, scope, batchRows),
        ),
        `${batchRows}`,
      ).toEqual(expected)
    }
    await sql`update enrollments set region_id = null`.execute(t.database.db)
  })

  it('downloads 2,050 dealer rows as a workbook that opens', async () => {
    const token = await t.idp.sign(ADMIN_CLAIMS)
    const response = await postReportForm(t.app, '/api/reports/export', { bearer_token: token })
    expect(response.statusCode).toBe(200)
    const sheet = onlySheet(await openWorkbook(response))
    expect(sheet.rowCount).toBe(1 + ENROLLMENTS * DEALERS_EACH + 1)
    const dealerName = rowValues(sheet, 1).indexOf('Dealer Name') + 1
    const names: string[] = []
    sheet.eachRow((row, number) => {
      if (number > 1) names.push(String(row.getCell(dealerName).value ?? ''))
    })
    expect(new Set(names).size).toBe(names.length)
    const last = sheet.getRow(sheet.rowCount)
    expect(last.getCell(rowValues(sheet, 1).indexOf('Brand') + 1).value).toBe('GM')
    expect(last.getCell(dealerName).value).toBeNull()
  })
})
