import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const LIST = '/api/enrollments?year=2025'

describe.each(testDatabaseKinds())('the admin list answers 304 while unchanged, on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    await submittedEnrollment(
      t,
      dealerEnrollment({ bac: '610001', name: 'First Street Chevrolet' }),
    )
    await submittedEnrollment(t, lmaEnrollment(2, { name: 'Harbor Dealers Association' }))
  })
  afterAll(() => t.close())

  const get = (url: string, etag?: string) =>
    t.asAdmin({ url, headers: etag ? { 'if-none-match': etag } : {} })
  /** The list and its tag, asserting a 200. */
  const load = async (url = LIST, etag?: string) => {
    const response = await get(url, etag)
    expect(response.statusCode).toBe(200)
    const tag = String(response.headers.etag ?? '')
    expect(tag).toMatch(/^W\/".+"$/)
    return { tag, items: response.json() as EnrollmentListItem[] }
  }
  const byName = (items: EnrollmentListItem[], name: string) =>
    items.find((item) => item.name === name)

  it('answers 304 without a body to the tag of an unchanged list, whatever the order of the filters', async () => {
    const { tag } = await load()
    const again = await get(LIST, tag)
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    expect(again.headers.etag).toBe(tag)
    expect((await get(`${LIST}&type=`, tag)).statusCode).toBe(200)
    const filtered = await load(`${LIST}&type=Dealer&status=Approving`)
    expect(filtered.tag).not.toBe(tag)
    const reordered = await get(
      '/api/enrollments?status=Approving&type=Dealer&year=2025',
      filtered.tag,
    )
    expect(reordered.statusCode).toBe(304)
    // A list of other filters is never taken for this one.
    expect((await get(`${LIST}&type=Lma`, filtered.tag)).statusCode).toBe(200)
    expect((await get(`${LIST}&search=harbor`, tag)).statusCode).toBe(200)
  })

  it('answers 200 with the change after a submit, an edit, an approve, a dealer row edit and a delete', async () => {
    let { tag } = await load()
    const change = async (expectChange: (items: EnrollmentListItem[]) => void) => {
      const next = await load(LIST, tag)
      expect(next.tag).not.toBe(tag)
      expectChange(next.items)
      tag = next.tag
      expect((await get(LIST, tag)).statusCode).toBe(304)
    }

    const added = await submittedEnrollment(
      t,
      dealerEnrollment({ bac: '610002', name: 'Bayside Motors' }),
    )
    await change((items) => expect(byName(items, 'Bayside Motors')?.status).toBe('Approving'))

    const edited = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${added.guid}/update`,
      payload: {
        ...added,
        regionId: 2,
        dealers: added.dealers.map((row) => ({ ...row, name: 'Bayside Chevrolet' })),
      },
    })
    expect(edited.statusCode).toBe(200)
    await change((items) => {
      expect(byName(items, 'Bayside Motors')).toBeUndefined()
      expect(byName(items, 'Bayside Chevrolet')?.guid).toBe(added.guid)
    })

    const approved = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${added.guid}/approve`,
    })
    expect(approved.statusCode).toBe(200)
    await change((items) => expect(byName(items, 'Bayside Chevrolet')?.status).toBe('Approved'))

    // The LMA's second dealer row: not in the list's columns, but the search finds it.
    const searchUrl = `${LIST}&search=Lighthouse`
    const before = await load(searchUrl)
    expect(before.items).toEqual([])
    const lma = await t.database.db
      .selectFrom('enrollment_dealers')
      .select('id')
      .where('position', '=', 1)
      .where('enrollment_id', 'in', (eb) =>
        eb.selectFrom('enrollments').select('id').where('type', '=', 'Lma'),
      )
      .executeTakeFirstOrThrow()
    await t.database.db
      .updateTable('enrollment_dealers')
      .set({ name: 'Lighthouse Chevrolet' })
      .where('id', '=', lma.id)
      .execute()
    const after = await load(searchUrl, before.tag)
    expect(after.items.map((item) => item.name)).toEqual(['Harbor Dealers Association'])
    await change(() => {})

    const deleted = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${added.guid}/delete`,
    })
    expect(deleted.statusCode).toBe(200)
    await change((items) => expect(byName(items, 'Bayside Chevrolet')).toBeUndefined())
  })

  it('sends the list gzip or brotli as asked, each the same list under the same tag, and a change reaches every encoding', async () => {
    const inEncoding = async (encoding: 'gzip' | 'br' | 'identity') => {
      const response = await t.asAdmin({ url: LIST, headers: { 'accept-encoding': encoding } })
      expect(response.statusCode).toBe(200)
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      const bytes = response.rawPayload
      if (encoding === 'identity') {
        expect(response.headers['content-encoding']).toBeUndefined()
      } else {
        expect(response.headers['content-encoding']).toBe(encoding)
      }
      const text =
        encoding === 'gzip'
          ? gunzipSync(bytes)
          : encoding === 'br'
            ? brotliDecompressSync(bytes)
            : bytes
      return {
        tag: String(response.headers.etag),
        items: JSON.parse(text.toString('utf8')) as EnrollmentListItem[],
      }
    }
    // Enough enrollments for an answer over the 1 kB below which nothing is compressed.
    for (const bac of ['610011', '610012', '610013', '610014']) {
      await submittedEnrollment(t, dealerEnrollment({ bac, name: `Encoded Motors ${bac}` }))
    }
    const plain = await load()
    for (const encoding of ['gzip', 'br', 'gzip', 'br', 'identity'] as const) {
      expect(await inEncoding(encoding)).toEqual(plain)
    }

    await submittedEnrollment(t, dealerEnrollment({ bac: '610015', name: 'Encoded Motors 610015' }))
    for (const encoding of ['gzip', 'br', 'identity'] as const) {
      const next = await inEncoding(encoding)
      expect(next.tag).not.toBe(plain.tag)
      expect(byName(next.items, 'Encoded Motors 610015')?.status).toBe('Approving')
      expect(next.items).toHaveLength(plain.items.length + 1)
    }
  })

  it('answers 401 to a stranger, whatever tag it sends', async () => {
    const { tag } = await load()
    const stranger = await t.app.inject({ url: LIST, headers: { 'if-none-match': tag } })
    expect(stranger.statusCode).toBe(401)
    expect(stranger.headers.etag).toBeUndefined()
  })
})

/**
 * A change whose transaction began before another one that commits first: it is older by its
 * now(), yet the list it commits into must not answer 304 to the tag read in between. Only
 * PostgreSQL runs two transactions at once.
 */
describe.runIf(hasPostgres())(
  'the admin list tag on PostgreSQL, transactions committing out of order',
  () => {
    let t: AdminTestApp
    beforeAll(async () => {
      t = await createAdminTestApp('postgres')
    })
    afterAll(() => t.close())

    it('a change committed after the tag was read answers 200, though its modified time is older', async () => {
      const held = await submittedEnrollment(
        t,
        dealerEnrollment({ bac: '620001', name: 'Held Motors' }),
      )
      const admin = new pg.Client({ connectionString: t.database.url ?? '' })
      await admin.connect()
      try {
        // An administrator's decline, begun first and held open (its now() is the oldest).
        await admin.query('begin')
        await admin.query(
          `update enrollments set status = 'Declined', version = version + 1, modified_at = now()
          where guid = $1`,
          [held.guid],
        )
        // Meanwhile a new enrollment commits, and the list is read with its tag.
        await submittedEnrollment(t, dealerEnrollment({ bac: '620002', name: 'Later Motors' }))
        const read = await t.asAdmin({ url: LIST })
        expect(read.statusCode).toBe(200)
        const tag = String(read.headers.etag)
        expect(
          (read.json() as EnrollmentListItem[]).find((i) => i.guid === held.guid)?.status,
        ).toBe('Approving')
        await admin.query('commit')

        const next = await t.asAdmin({ url: LIST, headers: { 'if-none-match': tag } })
        expect(next.statusCode).toBe(200)
        const items = next.json() as EnrollmentListItem[]
        expect(items.find((item) => item.guid === held.guid)?.status).toBe('Declined')
      } finally {
        await admin.end()
      }
    })
  },
)
