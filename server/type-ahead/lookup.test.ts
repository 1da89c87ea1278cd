import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRetentionRepository } from '../retention/retention-repository.js'
import {
  dealerEnrollment,
  dealerEntry,
  lmaEnrollment,
  lmaRecord,
} from '../test-support/enrollment-fixtures.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

describe.each(testDatabaseKinds())('the type-ahead look-ups on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    // Read through: each BAC look-up loads the directory again (bac-suggestions.test.ts tests
    // how long a loaded directory is kept).
    t = await createTestApp(
      kind,
      {},
      { mail: { worker: false }, bacSuggestionTimes: { freshMs: 0, staleMs: 0 } },
    )
  })
  afterAll(() => t.close())

  const submit = async (body: object) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
  }
  /** Moves every enrollment submitted so far to 2024, an earlier year than the program's. */
  const makeLastYear = async () => {
    await sql`update enrollments set year = 2024`.execute(t.database.db)
    await sql`update enrollment_dealers set year = 2024`.execute(t.database.db)
  }
  /** Moves the enrollments of one year to another. */
  const toYear = async (from: number, to: number) => {
    await sql`update enrollments set year = ${to} where year = ${from}`.execute(t.database.db)
    await sql`update enrollment_dealers set year = ${to} where year = ${from}`.execute(
      t.database.db,
    )
  }
  /** Declines the enrollments of one year and erases them as the data retention job does. */
  const declineAndErase = async (year: number) => {
    const rows = await t.database.db
      .updateTable('enrollments')
      .set({ status: 'Declined' })
      .where('year', '=', year)
      .returning('id')
      .execute()
    await t.database.db.transaction().execute((trx) =>
      createRetentionRepository().eraseEnrollments(
        trx,
        rows.map((row) => row.id),
      ),
    )
  }
  const lookup = async (path: string, value: string) => {
    const response = await t.app.inject(
      `/api/enrollments/autocomplete/${path}?value=${encodeURIComponent(value)}`,
    )
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  it('a BAC suggests the directory’s address and last year’s contact, kit and region', async () => {
    const entry = dealerEntry({
      bac: '731100',
      address: '9 Old Road',
      authName: 'Pat Former',
      authTitle: 'Owner',
      authEmailAddress: 'pat@former.example',
      authPhoneNumber: '217-555-0199',
      authFaxNumber: '217-555-0198',
      kitSize: 'Small',
      hispanic: 'Only',
      billing: 'OpenParts',
    })
    await submit(dealerEnrollment(entry))
    await makeLastYear()
    await t.database.db
      .insertInto('dealer_directory')
      .values([
        {
          bac: '731100',
          name: 'Directory Motors',
          address: '1 New Avenue',
          city: 'Peoria',
          state: 'IL',
          postal: '61602',
          country: 'USA',
        },
        {
          bac: '731101',
          name: 'Never Enrolled Motors',
          address: '2 New Avenue',
          city: 'Peoria',
          state: 'IL',
          postal: '61602',
          country: 'USA',
        },
      ])
      .execute()

    expect(await lookup('bac', '7311')).toEqual([
      {
        bac: '731100',
        name: 'Directory Motors',
        address: '1 New Avenue',
        city: 'Peoria',
        state: 'IL',
        postal: '61602',
        country: 'USA',
        authName: 'Pat Former',
        authTitle: 'Owner',
        authEmailAddress: 'pat@former.example',
        authPhoneNumber: '217-555-0199',
        authFaxNumber: '217-555-0198',
        kitSize: 'Small',
        hispanic: 'Only',
        regionId: null,
      },
      {
        bac: '731101',
        name: 'Never Enrolled Motors',
        address: '2 New Avenue',
        city: 'Peoria',
        state: 'IL',
        postal: '61602',
        country: 'USA',
        authName: '',
        authTitle: '',
        authEmailAddress: '',
        authPhoneNumber: '',
        authFaxNumber: '',
        kitSize: '',
        hispanic: '',
        regionId: null,
      },
    ])
  })

  it('a BAC suggestion follows the directory, and never this year’s enrollment', async () => {
    await t.database.db
      .updateTable('dealer_directory')
      .set({ name: 'Renamed Directory Motors' })
      .where('bac', '=', '731100')
      .execute()
    await submit(
      dealerEnrollment(
        dealerEntry({
          bac: '731100',
          authName: 'This Year Only',
          authEmailAddress: 'now@x.example',
        }),
      ),
    )
    const [renamed, ...others] = await lookup('bac', '731100')
    expect(others).toEqual([])
    expect(renamed).toMatchObject({
      bac: '731100',
      name: 'Renamed Directory Motors',
      authName: 'Pat Former',
      authEmailAddress: 'pat@former.example',
    })
    expect((await lookup('bac', '7311')).map((found: { bac: string }) => found.bac)).toEqual([
      '731100',
      '731101',
    ])
    await sql`delete from enrollment_dealers where year = 2025`.execute(t.database.db)
    await sql`delete from enrollments where year = 2025`.execute(t.database.db)
  })

  it('a BAC enrolled in several earlier years suggests its newest enrollment', async () => {
    await toYear(2024, 2022)
    await submit(dealerEnrollment(dealerEntry({ bac: '731100', authName: 'Middle Former' })))
    await toYear(2025, 2023)
    await submit(dealerEnrollment(dealerEntry({ bac: '731100', authName: 'Newest Former' })))
    await toYear(2025, 2024)
    expect(await lookup('bac', '731100')).toEqual([
      expect.objectContaining({ bac: '731100', authName: 'Newest Former' }),
    ])
    await sql`delete from enrollment_dealers where year < 2024`.execute(t.database.db)
    await sql`delete from enrollments where year < 2024`.execute(t.database.db)
  })

  it('a BAC whose newest earlier enrollment was erased suggests the contact of the one before it', async () => {
    await t.database.db
      .insertInto('dealer_directory')
      .values({
        bac: '732200',
        name: 'Kept Contact Motors',
        address: '3 Kept Road',
        city: 'Peoria',
        state: 'IL',
        postal: '61602',
        country: 'USA',
      })
      .execute()
    await submit(
      dealerEnrollment(
        dealerEntry({
          bac: '732200',
          authName: 'Kept Former',
          authTitle: 'Owner',
          authEmailAddress: 'kept@former.example',
          authPhoneNumber: '217-555-0150',
          authFaxNumber: '217-555-0151',
          kitSize: 'Small',
          hispanic: 'Only',
        }),
      ),
    )
    await toYear(2025, 2022)
    await submit(
      dealerEnrollment(
        dealerEntry({ bac: '732200', authName: 'Erased Former', kitSize: 'Large', hispanic: 'No' }),
      ),
    )
    await toYear(2025, 2023)
    await declineAndErase(2023)

    expect(await lookup('bac', '732200')).toEqual([
      {
        bac: '732200',
        name: 'Kept Contact Motors',
        address: '3 Kept Road',
        city: 'Peoria',
        state: 'IL',
        postal: '61602',
        country: 'USA',
        authName: 'Kept Former',
        authTitle: 'Owner',
        authEmailAddress: 'kept@former.example',
        authPhoneNumber: '217-555-0150',
        authFaxNumber: '217-555-0151',
        kitSize: 'Small',
        hispanic: 'Only',
        regionId: null,
      },
    ])
    await sql`delete from enrollment_dealers where year < 2024`.execute(t.database.db)
    await sql`delete from enrollments where year < 2024`.execute(t.database.db)
  })

  it('an LMA name never suggests an erased enrollment: the one before it answers', async () => {
    await submit(lmaEnrollment(1, { name: 'Erased Hills Dealers', contact: 'Kept Agency' }))
    await toYear(2025, 2022)
    await submit(lmaEnrollment(1, { name: 'Erased Hills Dealers', contact: 'Erased Agency' }))
    await toYear(2025, 2023)
    await declineAndErase(2023)

    expect(await lookup('lma-name', 'Erased Hills')).toEqual([
      expect.objectContaining({ name: 'Erased Hills Dealers', contact: 'Kept Agency' }),
    ])
    await sql`delete from enrollment_dealers where year < 2024`.execute(t.database.db)
    await sql`delete from enrollments where year < 2024`.execute(t.database.db)
  })

  it('an LMA name suggests last year’s record without its name change, and its dealers', async () => {
    await submit(
      lmaEnrollment(2, { name: 'Lookup Valley Dealers', nameChanged: true, previousName: 'Old' }),
    )
    await makeLastYear()
    const [suggestion, ...others] = await lookup('lma-name', 'Lookup Valley')
    expect(others).toEqual([])
    const {
      previousName: _previous,
      nameChanged: _changed,
      ...record
    } = lmaRecord({
      name: 'Lookup Valley Dealers',
    })
    const { dealers, ...rest } = suggestion
    expect(rest).toEqual({ ...record, regionId: null })
    expect(dealers).toEqual([
      expect.objectContaining({ name: 'Member Dealer 1', kitSize: 'Large', hispanic: 'Yes' }),
      expect.objectContaining({ name: 'Member Dealer 2', kitSize: 'Small', hispanic: 'Yes' }),
    ])
    expect(Object.keys(dealers[0]).sort()).toEqual(['bac', 'hispanic', 'kitSize', 'name'])
  })
})
