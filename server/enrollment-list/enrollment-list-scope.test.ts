import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EnrollmentListItem } from '../../shared/enrollment/enrollment.js'
import {
  type AdminTestApp,
  createAdminTestApp,
  type Inject,
  READONLY_CLAIMS,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  regionId,
  signedInAs,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/** The names a list answer holds, whatever its encoding. */
function names(response: LightMyRequestResponse): string[] {
  const encoding = response.headers['content-encoding']
  const bytes = response.rawPayload
  const text =
    encoding === 'gzip'
      ? gunzipSync(bytes)
      : encoding === 'br'
        ? brotliDecompressSync(bytes)
        : bytes
  return (JSON.parse(text.toString('utf8')) as EnrollmentListItem[]).map((item) => item.name).sort()
}

describe.each(testDatabaseKinds())('the admin list of a regional manager on %s', (kind) => {
  let t: AdminTestApp
  let list: string
  let regional: Inject
  let readOnly: Inject
  const theirs = ['Lakeshore Chevrolet', 'Great Lakes Dealers Association', 'Erie Motors']
  const others = ['Central Plains Chevrolet', 'Prairie Dealers Association', 'Unplaced Motors']

  beforeAll(async () => {
    // No reminders: the two LMAs below have waited ten days, and a reminder sent by the
    // scheduler between two requests would change the year's rows, and so the tag, under the test.
    t = await createAdminTestApp(kind, {}, { reminders: { schedule: false } })
    list = `/api/enrollments?year=${t.app.config.ENROLLMENT_YEAR}`
    const greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    const central = await regionId(t, 'Central')
    await submittedEnrollment(t, {
      ...dealerEnrollment({ bac: '630001', name: 'Lakeshore Chevrolet' }),
      regionId: greatLakes,
    })
    await submittedEnrollment(t, {
      ...lmaEnrollment(2, { name: 'Great Lakes Dealers Association' }),
      regionId: greatLakes,
    })
    // Enough rows in each scope for answers over the 1 kB below which nothing is compressed.
    for (const [bac, name] of [
      ['630003', 'Erie Motors'],
      ['630004', 'Central Plains Chevrolet'],
    ] as const) {
      await submittedEnrollment(t, {
        ...dealerEnrollment({ bac, name }),
        regionId: name === 'Erie Motors' ? greatLakes : central,
      })
    }
    await submittedEnrollment(t, {
      ...lmaEnrollment(1, { name: 'Prairie Dealers Association' }),
      regionId: central,
    })
    // Both LMAs have waited ten days for their authorization.
    await t.database.db
      .updateTable('enrollments')
      .set({ authorization_requested_at: new Date(Date.now() - 10 * 24 * 3600 * 1000) })
      .where('type', '=', 'Lma')
      .execute()
    // Typed by hand: no region until someone sets it, the administrators' alone.
    await submittedEnrollment(t, dealerEnrollment({ bac: '630005', name: 'Unplaced Motors' }))
    regional = (await signedInAs(t, REGIONAL_MANAGER_CLAIMS)).inject
    readOnly = (await signedInAs(t, READONLY_CLAIMS)).inject
  })
  afterAll(() => t.close())

  it('shows a regional manager their regions’ enrollments only, and everyone else all of them', async () => {
    const everything = [...theirs, ...others].sort()
    expect(names(await t.asAdmin({ url: list }))).toEqual(everything)
    expect(names(await readOnly({ url: list }))).toEqual(everything)
    expect(names(await regional({ url: list }))).toEqual([...theirs].sort())
    // Every filter keeps the limit: a search for another region's dealer finds nothing.
    expect(names(await regional({ url: `${list}&search=Central Plains` }))).toEqual([])
    expect(names(await regional({ url: `${list}&type=Lma` }))).toEqual([
      'Great Lakes Dealers Association',
    ])
    // The filters read afresh each time (no tag) keep it too.
    expect(names(await t.asAdmin({ url: `${list}&waiting=7` }))).toEqual([
      'Great Lakes Dealers Association',
      'Prairie Dealers Association',
    ])
    expect(names(await regional({ url: `${list}&waiting=7` }))).toEqual([
      'Great Lakes Dealers Association',
    ])
  })

  it('never sends one scope the answer kept for another, in any encoding', async () => {
    for (const encoding of ['gzip', 'br', 'identity']) {
      const headers = { 'accept-encoding': encoding }
      // The administrator's answer is kept first; the regional manager's request for the same
      // address and encoding must not be answered with it, nor the other way round.
      const admin = await t.asAdmin({ url: list, headers })
      expect(names(admin)).toHaveLength(theirs.length + others.length)
      const mine = await regional({ url: list, headers })
      expect(mine.statusCode).toBe(200)
      expect(names(mine)).toEqual([...theirs].sort())
      expect(mine.headers.etag).not.toBe(admin.headers.etag)
      expect(names(await t.asAdmin({ url: list, headers }))).toEqual(names(admin))
      expect(names(await regional({ url: list, headers }))).toEqual(names(mine))
    }
  })

  it('answers 304 only to a tag of the same scope', async () => {
    const admin = await t.asAdmin({ url: list })
    const adminTag = String(admin.headers.etag)
    const mine = await regional({ url: list })
    const myTag = String(mine.headers.etag)
    expect(myTag).toMatch(/^W\/".+"$/)
    expect(myTag).not.toBe(adminTag)

    expect((await regional({ url: list, headers: { 'if-none-match': myTag } })).statusCode).toBe(
      304,
    )
    // The administrator's tag, sent by a regional manager (the same browser, signed in again):
    // a full answer of their regions, never a 304 that would keep the whole year on screen.
    const crossed = await regional({ url: list, headers: { 'if-none-match': adminTag } })
    expect(crossed.statusCode).toBe(200)
    expect(names(crossed)).toEqual([...theirs].sort())
    const back = await t.asAdmin({ url: list, headers: { 'if-none-match': myTag } })
    expect(back.statusCode).toBe(200)
    expect(names(back)).toHaveLength(theirs.length + others.length)
    // A read-only user sees what an administrator sees: the same list, the same tag.
    const reader = await readOnly({ url: list, headers: { 'if-none-match': adminTag } })
    expect(reader.statusCode).toBe(304)
  })

  it('shows nothing to a regional manager whose region the program does not have', async () => {
    const lost = await signedInAs(t, { ...REGIONAL_MANAGER_CLAIMS, roles: ['PosRegion:Atlantis'] })
    const response = await lost.inject({ url: list })
    expect(response.statusCode).toBe(200)
    expect(names(response)).toEqual([])
  })
})
