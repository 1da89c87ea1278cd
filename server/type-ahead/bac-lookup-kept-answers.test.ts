import { brotliDecompressSync } from 'node:zlib'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment, dealerEntry } from '../test-support/enrollment-fixtures.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

// The BAC type-ahead keeps each prefix's answer, serialized and compressed, with the directory
// it came from, and keeps the directory while the database's version of it is unchanged
// (bac-suggestions.ts). A write to any row the directory was read from, by whatever code,
// must reach the next answer, compressed or not.
describe.each(testDatabaseKinds())('the BAC type-ahead’s kept answers on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    // Checked on every look-up (the default checks every 30 s).
    t = await createTestApp(
      kind,
      {},
      { mail: { worker: false }, bacSuggestionTimes: { freshMs: 0, staleMs: 0 } },
    )
  })
  afterAll(() => t.close())

  /** Submits an enrollment and moves it to an earlier year. */
  const submitFor = async (year: number, bac: string, authName: string) => {
    const body = dealerEnrollment(dealerEntry({ bac, authName }))
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    await sql`update enrollments set year = ${year} where year = 2025`.execute(t.database.db)
    await sql`update enrollment_dealers set year = ${year} where year = 2025`.execute(t.database.db)
  }
  /** The contacts suggested for `value`, read plainly and brotli-compressed. */
  const contacts = async (value: string) => {
    const url = `/api/enrollments/autocomplete/bac?value=${value}`
    const plain = await t.app.inject(url)
    const compressed = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } })
    expect(compressed.headers['content-encoding']).toBe('br')
    const decoded = JSON.parse(brotliDecompressSync(compressed.rawPayload).toString('utf8'))
    expect(decoded).toEqual(plain.json())
    return (plain.json() as Array<{ bac: string; authName: string }>).map(
      (found) => `${found.bac} ${found.authName}`,
    )
  }

  it('a new enrollment, an edited dealer row or a removed directory entry shows in the next answer', async () => {
    await t.database.db
      .insertInto('dealer_directory')
      .values(
        ['745500', '745501', '745502', '745503', '745504'].map((bac) => ({
          bac,
          name: `Motors ${bac}`,
          address: '1 Long Street',
          city: 'Peoria',
          state: 'IL',
          postal: '61602',
          country: 'USA',
        })),
      )
      .execute()
    await submitFor(2023, '745500', 'First Contact')
    const others = ['745501 ', '745502 ', '745503 ', '745504 ']
    expect(await contacts('7455')).toEqual(['745500 First Contact', ...others])
    expect(await contacts('7455')).toEqual(['745500 First Contact', ...others])

    await submitFor(2024, '745500', 'Newer Contact')
    expect(await contacts('7455')).toEqual(['745500 Newer Contact', ...others])

    // Only the dealer row changes (no enrollment, no directory row).
    await sql`update enrollment_dealers set auth_name = 'Edited Contact'
      where auth_name = 'Newer Contact'`.execute(t.database.db)
    expect(await contacts('7455')).toEqual(['745500 Edited Contact', ...others])

    await t.database.db.deleteFrom('dealer_directory').where('bac', '=', '745501').execute()
    expect(await contacts('7455')).toEqual(['745500 Edited Contact', ...others.slice(1)])
  })
})
