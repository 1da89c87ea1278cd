import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type {
  EnrollmentListChanges,
  EnrollmentListItem,
} from '../../shared/enrollment/enrollment.js'
import { buildApp } from '../app.js'
import { openDatabase } from '../db/database.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
  REGIONAL_MANAGER_REGION,
  regionId,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'
import { createEnrollmentListRepository } from './enrollment-list-repository.js'
import { LIST_CHANGES_KEPT_MS } from './find-enrollments.js'

type Ask = AdminTestApp['asAdmin']

/** The list and its cursor, as the browser loads them first. */
async function loadList(ask: Ask, year: number) {
  const response = await ask({ url: `/api/enrollments?year=${year}` })
  expect(response.statusCode).toBe(200)
  const cursor = response.headers['list-cursor']
  expect(typeof cursor).toBe('string')
  return { rows: response.json() as EnrollmentListItem[], cursor: String(cursor) }
}

async function changesSince(ask: Ask, year: number, cursor: string, more = '') {
  const response: LightMyRequestResponse = await ask({
    url: `/api/enrollments/changes?year=${year}&since=${encodeURIComponent(cursor)}${more}`,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json() as EnrollmentListChanges
}

/**
 * What a browser holding `rows` holds once it applies `changes`, by guid (it sorts the rows it
 * shows itself): equal to `byGuid` of the list loaded afresh.
 */
function applied(rows: EnrollmentListItem[], changes: EnrollmentListChanges) {
  if (changes.full) return byGuid(changes.changed)
  const gone = new Set([...changes.removed, ...changes.changed.map((row) => row.guid)])
  return byGuid([...changes.changed, ...rows.filter((row) => !gone.has(row.guid))])
}

const byGuid = (rows: EnrollmentListItem[]) =>
  [...rows].sort((a, b) => (a.guid < b.guid ? -1 : a.guid > b.guid ? 1 : 0))

const byName = (rows: EnrollmentListItem[]) => rows.map((row) => row.name).sort()

describe.each(testDatabaseKinds())('the admin list’s changes on %s', (kind) => {
  let t: AdminTestApp
  let year: number
  const guids: Record<string, string> = {}

  async function submit(bac: string, name: string, region?: number) {
    const stored = await submittedEnrollment(t, {
      ...dealerEnrollment({ bac, name }),
      regionId: region ?? null,
    })
    guids[name] = String(stored.guid)
  }

  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    year = t.app.config.ENROLLMENT_YEAR
    const greatLakes = await regionId(t, REGIONAL_MANAGER_REGION)
    const central = await regionId(t, 'Central')
    await submit('640001', 'Kept Motors', greatLakes)
    await submit('640002', 'Approved Motors', greatLakes)
    await submit('640003', 'Deleted Motors', greatLakes)
    await submit('640004', 'Moving Motors', greatLakes)
    await submit('640005', 'Elsewhere Motors', central)
  })
  afterAll(() => t.close())

  it('answers the rows changed and added and the guids deleted since the list, and nothing else', async () => {
    const loaded = await loadList(t.asAdmin, year)
    const approve = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guids['Approved Motors']}/approve`,
      payload: {},
    })
    expect(approve.statusCode).toBe(200)
    const deleted = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guids['Deleted Motors']}/delete`,
      payload: {},
    })
    expect(deleted.statusCode).toBe(200)
    await submit('640006', 'Added Motors')

    const changes = await changesSince(t.asAdmin, year, loaded.cursor)
    expect(changes.full).toBe(false)
    expect(byName(changes.changed)).toEqual(['Added Motors', 'Approved Motors'])
    expect(changes.changed.find((row) => row.name === 'Approved Motors')?.status).toBe('Approved')
    expect(changes.removed).toEqual([guids['Deleted Motors']])
    // Applied to what the browser held, it is the list as loaded afresh.
    const afresh = await loadList(t.asAdmin, year)
    expect(applied(loaded.rows, changes)).toEqual(byGuid(afresh.rows))
    // Nothing since: an empty answer, whatever the year's size.
    const none = await changesSince(t.asAdmin, year, changes.cursor)
    expect(none).toMatchObject({ full: false, changed: [], removed: [] })
    // The filters hold: an approved enrollment leaves the Approving list.
    const submitted = await changesSince(t.asAdmin, year, loaded.cursor, '&status=Approving')
    expect(byName(submitted.changed)).toEqual(['Added Motors'])
    expect(submitted.removed.sort()).toEqual(
      [guids['Approved Motors'], guids['Deleted Motors']].sort(),
    )
  })

  it('tells a regional manager of an enrollment that left their regions, and of none that never was in them', async () => {
    const regional = await loadList(t.asRegionalManager, year)
    const admin = await loadList(t.asAdmin, year)
    const central = await regionId(t, 'Central')
    const west = await regionId(t, 'Southwest')
    const region = (name: string, id: number) =>
      t.database.db
        .updateTable('enrollments')
        .set({ region_id: id })
        .where('guid', '=', guids[name] ?? '')
        .execute()
    await region('Moving Motors', central)
    await region('Elsewhere Motors', west)

    const theirs = await changesSince(t.asRegionalManager, year, regional.cursor)
    expect(theirs.changed).toEqual([])
    expect(theirs.removed).toEqual([guids['Moving Motors']])
    expect(applied(regional.rows, theirs)).toEqual(
      byGuid((await loadList(t.asRegionalManager, year)).rows),
    )

    const everyone = await changesSince(t.asAdmin, year, admin.cursor)
    expect(byName(everyone.changed)).toEqual(['Elsewhere Motors', 'Moving Motors'])
    expect(everyone.removed).toEqual([])
  })

  it('answers the whole list for a cursor too old, and 400 for one that is no cursor', async () => {
    const loaded = await loadList(t.asAdmin, year)
    const [, snapshot] = loaded.cursor.split('_')
    const old = `${Date.now() - 13 * 60 * 60_000}_${snapshot}`
    const full = await changesSince(t.asAdmin, year, old)
    expect(full.full).toBe(true)
    expect(full.changed).toEqual(loaded.rows)
    for (const since of ['', 'yesterday', '1_2:1:', `${Date.now()}_1:2:3;drop`]) {
      const bad = await t.asAdmin({
        url: `/api/enrollments/changes?year=${year}&since=${encodeURIComponent(since)}`,
      })
      expect(bad.statusCode, since).toBe(400)
      expect(bad.body).toMatch(/Since must be the cursor/)
    }
    // The changes older than a day are purged, the newer kept.
    const count = async (guid?: string) => {
      const row = await t.database.db
        .selectFrom('enrollment_list_changes')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .$if(guid !== undefined, (qb) => qb.where('enrollment_guid', '=', guid ?? ''))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    }
    const [all, purged] = [await count(), await count(guids['Kept Motors'])]
    expect(purged).toBeGreaterThan(0)
    await t.database.db
      .updateTable('enrollment_list_changes')
      .set({ at: new Date(Date.now() - 25 * 60 * 60_000) })
      .where('enrollment_guid', '=', guids['Kept Motors'] ?? '')
      .execute()
    const list = createEnrollmentListRepository(t.database.db)
    // A change is purged only once no transaction that began before it is still running, in
    // the whole PostgreSQL cluster (the snapshot's xmin): another database's open transaction (a
    // test file beside this one, another run on the same server) holds it back for a while.
    let removed = 0
    await waitFor(async () => {
      removed += await list.purgeChanges(LIST_CHANGES_KEPT_MS)
      return removed >= purged || undefined
    }, 60_000)
    expect(removed).toBe(purged)
    expect(await count()).toBe(all - purged)
    // The filters that read the outbox or the clock have no changes to answer.
    const attention = await t.asAdmin({
      url: `/api/enrollments/changes?year=${year}&attention=failed-mail&since=${encodeURIComponent(loaded.cursor)}`,
    })
    expect(attention.statusCode).toBe(400)
  }, 90_000)
})

// Two administrators' transactions on two connections, and two instances of the app on one
// PostgreSQL: a change is in the answer of the first cursor read after it commits, whichever
// instance read the cursor, and however early its transaction began.
describe.runIf(testDatabaseKinds().includes('postgres'))(
  'the admin list’s changes under concurrent writers and two instances',
  () => {
    let t: AdminTestApp
    let year: number
    let second: Awaited<ReturnType<typeof buildApp>>
    let secondDatabase: Awaited<ReturnType<typeof openDatabase>>
    let asAdminOnSecond: Ask
    const clients: pg.Client[] = []
    const guids: Record<string, string> = {}

    beforeAll(async () => {
      t = await createAdminTestApp('postgres')
      year = t.app.config.ENROLLMENT_YEAR
      for (const [bac, name] of [
        ['650001', 'Early Motors'],
        ['650002', 'Late Motors'],
        ['650003', 'Other Instance Motors'],
      ] as const) {
        guids[name] = String((await submittedEnrollment(t, dealerEnrollment({ bac, name }))).guid)
      }
      secondDatabase = await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
      second = await buildApp({ config: t.app.config, database: secondDatabase })
      await second.ready()
      const token = await t.idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
      asAdminOnSecond = (options) =>
        second.inject({
          ...options,
          headers: { ...options.headers, authorization: `Bearer ${token}` },
        })
      for (let n = 0; n < 2; n++) {
        const client = new pg.Client({ connectionString: t.database.url })
        await client.connect()
        clients.push(client)
      }
    }, 60_000)
    afterAll(async () => {
      for (const client of clients) await client.end()
      await second?.close()
      await secondDatabase?.close()
      await t?.close()
    })

    it('answers a change whose transaction began first and committed last, after it commits', async () => {
      const [early, late] = clients as [pg.Client, pg.Client]
      const loaded = await loadList(t.asAdmin, year)
      const rename = (client: pg.Client, name: string, to: string) =>
        client.query(
          `update enrollment_dealers set name = $1
           where enrollment_id = (select id from enrollments where guid = $2)`,
          [to, guids[name]],
        )
      await early.query('begin')
      await rename(early, 'Early Motors', 'Early Motors Renamed')
      const { rows: earlyXid } = await early.query('select pg_current_xact_id()::text as xid')
      await late.query('begin')
      await rename(late, 'Late Motors', 'Late Motors Renamed')
      const { rows: lateXid } = await late.query('select pg_current_xact_id()::text as xid')
      // The earlier-numbered transaction commits last.
      expect(BigInt(earlyXid[0].xid)).toBeLessThan(BigInt(lateXid[0].xid))
      await late.query('commit')

      const first = await changesSince(t.asAdmin, year, loaded.cursor)
      expect(byName(first.changed)).toEqual(['Late Motors Renamed'])
      await early.query('commit')
      const next = await changesSince(t.asAdmin, year, first.cursor)
      expect(byName(next.changed)).toEqual(['Early Motors Renamed'])
      expect(applied(applied(loaded.rows, first), next)).toEqual(
        byGuid((await loadList(t.asAdmin, year)).rows),
      )
    })

    it('answers on one instance the changes made through the other, from its cursor', async () => {
      const loaded = await loadList(t.asAdmin, year)
      const approve = await asAdminOnSecond({
        method: 'POST',
        url: `/api/enrollments/${guids['Other Instance Motors']}/approve`,
        payload: {},
      })
      expect(approve.statusCode).toBe(200)
      const deleted = await asAdminOnSecond({
        method: 'POST',
        url: `/api/enrollments/${guids['Late Motors']}/delete`,
        payload: {},
      })
      expect(deleted.statusCode).toBe(200)
      const changes = await changesSince(t.asAdmin, year, loaded.cursor)
      expect(byName(changes.changed)).toEqual(['Other Instance Motors'])
      expect(changes.removed).toEqual([guids['Late Motors']])
      // And the other way round: the second instance answers from the first one's cursor.
      expect(await changesSince(asAdminOnSecond, year, loaded.cursor)).toMatchObject({
        full: false,
        changed: changes.changed,
        removed: changes.removed,
      })
    })
  },
)
