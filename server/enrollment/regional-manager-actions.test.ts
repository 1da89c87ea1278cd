import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type AdminTestApp,
  createAdminTestApp,
  REGIONAL_MANAGER_CLAIMS,
  REGIONAL_MANAGER_REGION,
  signedInAs,
  VIEWER_CLAIMS,
} from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

/** What a call needs of its enrollment: a fresh LMA (Authorizing) or an approved one (invoiced). */
type Needs = 'fresh' | 'approved'

interface Target {
  guid: string
  /** Its authorization request, failed once and waiting for a retry: "send again" applies. */
  mailId: string
  /** The enrollment as loaded, for a Save Changes body. */
  stored: WireEnrollment
}

interface RouteCall {
  method: 'GET' | 'POST'
  path(target: Target): string
  /** `myRegion`: the regional manager's region. */
  payload?(target: Target, myRegion: number): object
  /** What the call needs of an enrollment of another region, or of none, to be refused. */
  needs: Needs
  /** Its answer on an enrollment of the manager's region, in the order of this table. */
  answers: 200 | 201
  /** The history entry it writes there. */
  records?: string
}

const NOT_IN_REGIONS = 'One selected enrollment is not in your regions; nothing was changed.'

const today = () => new Date().toISOString().slice(0, 10)

/**
 * Every admin route that names one enrollment (docs/product.md#users), in an order that works on
 * one enrollment from its submission: a regional manager's call on an enrollment of another
 * region, or of none, answers what the route answers for a guid that does not exist, and
 * changes nothing.
 */
const ROUTES: Record<string, RouteCall> = {
  // The spec's call the admin dialog reads with: with a staff token, scoped as every admin route.
  'the dialog read': {
    method: 'GET',
    path: (e) => `/api/enrollments/${e.guid}`,
    needs: 'fresh',
    answers: 200,
  },
  history: {
    method: 'GET',
    path: (e) => `/api/enrollments/${e.guid}/history`,
    needs: 'fresh',
    answers: 200,
  },
  'save changes': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/update`,
    // Into the manager's region: an enrollment of another region cannot be taken over.
    payload: (e, myRegion) => ({
      ...e.stored,
      regionId: myRegion,
      lma: { ...e.stored.lma, contact: 'Moved By Manager' },
    }),
    needs: 'fresh',
    answers: 200,
    records: 'updated',
  },
  'reissue the status link': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/status-link/reissue`,
    needs: 'fresh',
    answers: 200,
    records: 'Status link re-issued',
  },
  'read notes': {
    method: 'GET',
    path: (e) => `/api/enrollments/${e.guid}/notes`,
    needs: 'fresh',
    answers: 200,
  },
  'add a note': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/notes`,
    payload: () => ({ text: 'A note from another region' }),
    needs: 'fresh',
    answers: 201,
  },
  mails: {
    method: 'GET',
    path: (e) => `/api/enrollments/${e.guid}/mails`,
    needs: 'fresh',
    answers: 200,
  },
  'send again': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/mails/${e.mailId}/send-again`,
    needs: 'fresh',
    answers: 200,
    records: 'mail sent again',
  },
  authorization: {
    method: 'GET',
    path: (e) => `/api/enrollments/${e.guid}/authorization`,
    needs: 'fresh',
    answers: 200,
  },
  approve: {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/approve`,
    needs: 'fresh',
    answers: 200,
    records: 'approved',
  },
  'read the payment': {
    method: 'GET',
    path: (e) => `/api/enrollments/${e.guid}/payment`,
    needs: 'approved',
    answers: 200,
  },
  'mark paid': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/payment`,
    payload: () => ({ paidOn: today(), reference: 'CHK 1' }),
    needs: 'approved',
    answers: 200,
    records: 'invoice marked paid',
  },
  'mark unpaid': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/payment/clear`,
    needs: 'approved',
    answers: 200,
    records: 'invoice marked unpaid',
  },
  invoice: {
    method: 'GET',
    path: (e) => `/api/invoices/${e.guid}`,
    needs: 'approved',
    answers: 200,
  },
  'invoice PDF': {
    method: 'GET',
    path: (e) => `/api/invoices/${e.guid}/pdf`,
    needs: 'approved',
    answers: 200,
  },
  're-authorize': {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/re-authorize`,
    needs: 'fresh',
    answers: 200,
    records: 're-authorized',
  },
  decline: {
    method: 'POST',
    path: (e) => `/api/enrollments/${e.guid}/decline`,
    needs: 'fresh',
    answers: 200,
    records: 'declined',
  },
}

describe.each(testDatabaseKinds())(
  'a regional manager’s actions on one enrollment on %s',
  (kind) => {
    let t: AdminTestApp
    let mine: number
    let theirs: number
    const targets = {} as Record<'another region' | 'no region', Record<Needs, Target>>

    let counter = 0
    async function lma(regionId: number | null): Promise<Target> {
      const stored = await submittedEnrollment(
        t,
        lmaEnrollment(1, { name: `Scoped ${++counter} Dealers` }, { regionId }),
      )
      const mail = await t.database.db
        .selectFrom('outbox')
        .select('id')
        .where('enrollment_guid', '=', stored.guid)
        .where('kind', '=', 'authorization-request')
        .executeTakeFirstOrThrow()
      // It failed once and waits for its retry: an administrator may send it again.
      await t.database.db
        .updateTable('outbox')
        .set({ attempts: 1, last_error: '451 try later', next_attempt_at: '2999-01-01' })
        .where('id', '=', mail.id)
        .execute()
      return { guid: stored.guid, mailId: String(mail.id), stored }
    }
    async function approvedLma(regionId: number | null): Promise<Target> {
      const target = await lma(regionId)
      const approved = await t.asAdmin({
        method: 'POST',
        url: `/api/enrollments/${target.guid}/approve`,
      })
      expect(approved.statusCode).toBe(200)
      return target
    }

    beforeAll(async () => {
      // The mail worker stays off: the outbox stays as the test leaves it.
      t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
      const regions = await t.database.db.selectFrom('regions').select(['id', 'name']).execute()
      const idOf = (name: string) => regions.find((region) => region.name === name)?.id ?? 0
      mine = idOf(REGIONAL_MANAGER_REGION)
      theirs = idOf('California')
      targets['another region'] = { fresh: await lma(theirs), approved: await approvedLma(theirs) }
      targets['no region'] = { fresh: await lma(null), approved: await approvedLma(null) }
    })
    afterAll(() => t.close())

    const call = (
      as: AdminTestApp['asAdmin'],
      route: RouteCall,
      target: Target,
    ): Promise<LightMyRequestResponse> =>
      as({
        method: route.method,
        url: route.path(target),
        ...(route.payload ? { payload: route.payload(target, mine) } : {}),
      })

    /** All an administrator can read of an enrollment, and its status links. */
    async function everything(guid: string) {
      const read = async (url: string) => {
        const response = await t.asAdmin({ method: 'GET', url })
        return [response.statusCode, response.json()]
      }
      const links = await t.database.db
        .selectFrom('status_links')
        .select(['id', 'revoked_at'])
        .where('enrollment_guid', '=', guid)
        .orderBy('id')
        .execute()
      return {
        enrollment: await read(`/api/enrollments/${guid}`),
        history: await read(`/api/enrollments/${guid}/history`),
        notes: await read(`/api/enrollments/${guid}/notes`),
        mails: await read(`/api/enrollments/${guid}/mails`),
        payment: await read(`/api/enrollments/${guid}/payment`),
        links,
      }
    }

    describe.each(Object.entries(ROUTES))('%s', (_name, route) => {
      it.each(['another region', 'no region'] as const)(
        'answers an enrollment of %s as one that does not exist, and changes nothing',
        async (whose) => {
          const target = targets[whose][route.needs]
          const before = await everything(target.guid)
          const refused = await call(t.asRegionalManager, route, target)
          const missing = await call(t.asRegionalManager, route, { ...target, guid: randomUUID() })
          expect(missing.statusCode).toBe(404)
          expect(refused.statusCode).toBe(404)
          expect(refused.json().title).toBe(missing.json().title)
          expect(refused.json().detail).toBe(missing.json().detail)
          expect(await everything(target.guid)).toEqual(before)
        },
      )
    })

    it('the dialog read stays the public read of the authorization link without a staff token', async () => {
      const target = targets['another region'].fresh
      const url = `/api/enrollments/${target.guid}`
      const anonymous = await t.app.inject({ method: 'GET', url })
      expect(anonymous.statusCode).toBe(200)
      // A signed-in user without a role, or a token that no longer verifies, reads as anyone.
      const viewer = await signedInAs(t, VIEWER_CLAIMS)
      expect((await viewer.inject({ method: 'GET', url })).statusCode).toBe(200)
      const broken = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer not.a.token' },
      })
      expect(broken.statusCode).toBe(200)
      expect((await t.asRegionalManager({ method: 'GET', url })).statusCode).toBe(404)
    })

    it('works on an enrollment of their region, every call in the manager’s name', async () => {
      const target = await lma(mine)
      const answers: Record<string, number> = {}
      for (const [name, route] of Object.entries(ROUTES)) {
        answers[name] = (await call(t.asRegionalManager, route, target)).statusCode
      }
      expect(answers).toEqual(
        Object.fromEntries(Object.entries(ROUTES).map(([name, route]) => [name, route.answers])),
      )
      const history = (
        await t.asAdmin({ method: 'GET', url: `/api/enrollments/${target.guid}/history` })
      )
        .json()
        .filter((entry: { action: string }) => entry.action !== 'submitted')
      expect(history.map((entry: { action: string; actor: string }) => entry.actor)).toEqual(
        history.map(() => REGIONAL_MANAGER_CLAIMS.preferred_username),
      )
      expect(history.map((entry: { action: string }) => entry.action)).toEqual(
        Object.values(ROUTES).flatMap((route) => (route.records ? [route.records] : [])),
      )
    })

    describe('Save Changes', () => {
      const update = (target: Target, regionId: unknown) =>
        t.asRegionalManager({
          method: 'POST',
          url: `/api/enrollments/${target.guid}/update`,
          payload: { ...target.stored, regionId },
        })

      it('refuses to move an enrollment of their region to another region or to none (400 on regionId), changing nothing', async () => {
        const target = await lma(mine)
        const before = await everything(target.guid)
        const moved = await update(target, theirs)
        expect(moved.statusCode).toBe(400)
        expect(moved.json().detail).toBe('You can move an enrollment only to one of your regions.')
        expect(moved.json().errors).toEqual({
          regionId: [`Choose one of your regions: ${REGIONAL_MANAGER_REGION}.`],
        })
        const none = await update(target, null)
        expect(none.statusCode).toBe(400)
        expect(none.json().errors).toEqual({ regionId: ['Region is required.'] })
        expect(await everything(target.guid)).toEqual(before)
        const kept = await update(target, mine)
        expect(kept.statusCode).toBe(200)
        expect(kept.json()).toMatchObject({ regionId: mine, version: target.stored.version + 1 })
      })

      it('lets an administrator move an enrollment to any region', async () => {
        const target = await lma(mine)
        const moved = await t.asAdmin({
          method: 'POST',
          url: `/api/enrollments/${target.guid}/update`,
          payload: { ...target.stored, regionId: theirs },
        })
        expect(moved.statusCode).toBe(200)
        expect(moved.json().regionId).toBe(theirs)
      })
    })

    describe('bulk actions', () => {
      const bulk = (action: string, guids: string[], extra: object = {}) =>
        t.asRegionalManager({
          method: 'POST',
          url: `/api/enrollments/bulk/${action}`,
          payload: { guids, ...extra },
        })

      it.each(['another region', 'no region'] as const)(
        'refuse a selection that names an enrollment of %s: 400, nothing changed',
        async (whose) => {
          const own = await lma(mine)
          const other = targets[whose].fresh
          const before = [await everything(own.guid), await everything(other.guid)]
          for (const [action, extra] of [
            ['approve', {}],
            ['decline', { reason: 'Not ours' }],
            ['approve', { dryRun: true }],
          ] as const) {
            const refused = await bulk(action, [own.guid, other.guid], extra)
            expect(refused.statusCode).toBe(400)
            expect(refused.json()).toMatchObject({
              detail: NOT_IN_REGIONS,
              errors: {
                guids: [`There is no enrollment of your regions with the id ${other.guid}.`],
              },
            })
          }
          expect([await everything(own.guid), await everything(other.guid)]).toEqual(before)
          // The same words as for an enrollment that does not exist.
          const missing = await bulk('approve', [own.guid, randomUUID()])
          expect(missing.statusCode).toBe(400)
          expect(missing.json().detail).toBe(NOT_IN_REGIONS)
          expect(await everything(own.guid)).toEqual(before[0])
        },
      )

      it('act on a selection of their region', async () => {
        const own = [await lma(mine), await lma(mine)]
        const done = await bulk(
          'approve',
          own.map((each) => each.guid),
        )
        expect(done.statusCode).toBe(200)
        expect(done.json()).toMatchObject({ done: 2, skipped: 0, failed: 0 })
      })
    })
  },
)

/**
 * An administrator moves an enrollment out of the manager's region in a transaction held open
 * while the manager's change waits for the row: the change decides on the region under its lock,
 * so it answers 404 and changes nothing. Only PostgreSQL shows this: PGlite runs one
 * transaction at a time.
 */
describe.runIf(hasPostgres())(
  'a regional manager’s change racing a move to another region on PostgreSQL',
  () => {
    let t: AdminTestApp
    let url: string
    let mine: number
    let theirs: number
    beforeAll(async () => {
      t = await createAdminTestApp('postgres', {}, { mail: { worker: false } })
      url = t.database.url ?? ''
      const regions = await t.database.db.selectFrom('regions').select(['id', 'name']).execute()
      const idOf = (name: string) => regions.find((region) => region.name === name)?.id ?? 0
      mine = idOf(REGIONAL_MANAGER_REGION)
      theirs = idOf('California')
    })
    afterAll(() => t.close())

    let counter = 0
    const lma = () =>
      submittedEnrollment(
        t,
        lmaEnrollment(1, { name: `Raced ${++counter} Dealers` }, { regionId: mine }),
      )

    /** Runs `whileHeld` while another connection holds the enrollment moved to California, uncommitted. */
    async function whileMoving(guid: string, whileHeld: () => Promise<void>): Promise<void> {
      const other = new pg.Client({ connectionString: url })
      await other.connect()
      try {
        await other.query('begin')
        await other.query('select id from enrollments where guid = $1 for update', [guid])
        await other.query(
          'update enrollments set region_id = $2, version = version + 1 where guid = $1',
          [guid, theirs],
        )
        await whileHeld()
        await other.query('commit')
      } finally {
        await other.end()
      }
    }
    const lockWaiter = () =>
      waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))

    /** The enrollment after the race: moved, and nothing of the manager's. */
    async function afterTheRace(guid: string) {
      const enrollment = (await t.app.inject(`/api/enrollments/${guid}`)).json()
      const history = (await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/history` }))
        .json()
        .map((entry: { action: string }) => entry.action)
      const invoices = await t.database.db
        .selectFrom('invoices')
        .select('id')
        .where('enrollment_guid', '=', guid)
        .execute()
      return {
        status: enrollment.status,
        regionId: enrollment.regionId,
        contact: enrollment.lma.contact,
        history,
        invoices: invoices.length,
      }
    }
    const untouched = (contact: string) => ({
      status: 'Authorizing',
      regionId: theirs,
      contact,
      history: ['submitted'],
      invoices: 0,
    })

    it('Approve waiting for the row answers 404 once the move commits, and approves nothing', async () => {
      const stored = await lma()
      let waiting: Promise<LightMyRequestResponse> | undefined
      await whileMoving(stored.guid, async () => {
        waiting = t.asRegionalManager({
          method: 'POST',
          url: `/api/enrollments/${stored.guid}/approve`,
        })
        await lockWaiter()
      })
      const response = await waiting
      expect(response?.statusCode).toBe(404)
      expect(response?.json().detail).toBe('There is no enrollment with this id.')
      expect(await afterTheRace(stored.guid)).toEqual(untouched(stored.lma?.contact ?? ''))
    })

    it('Save Changes waiting for the row answers 404 once the move commits, and saves nothing', async () => {
      const stored = await lma()
      let waiting: Promise<LightMyRequestResponse> | undefined
      await whileMoving(stored.guid, async () => {
        waiting = t.asRegionalManager({
          method: 'POST',
          url: `/api/enrollments/${stored.guid}/update`,
          payload: { ...stored, lma: { ...stored.lma, contact: 'Saved By Manager' } },
        })
        await lockWaiter()
      })
      const response = await waiting
      expect(response?.statusCode).toBe(404)
      expect(await afterTheRace(stored.guid)).toEqual(untouched(stored.lma?.contact ?? ''))
    })

    it('a bulk Approve checked before the move fails that enrollment once the move commits, and approves the rest', async () => {
      const [moved, kept] = [await lma(), await lma()]
      let waiting: Promise<LightMyRequestResponse> | undefined
      await whileMoving(moved.guid, async () => {
        waiting = t.asRegionalManager({
          method: 'POST',
          url: '/api/enrollments/bulk/approve',
          payload: { guids: [moved.guid, kept.guid] },
        })
        await lockWaiter()
      })
      const response = await waiting
      expect(response?.statusCode).toBe(200)
      expect(response?.json()).toMatchObject({
        done: 1,
        failed: 1,
        results: [
          { guid: moved.guid, outcome: 'failed', reason: 'There is no enrollment with this id.' },
          { guid: kept.guid, outcome: 'done', status: 'Approved' },
        ],
      })
      expect(await afterTheRace(moved.guid)).toEqual(untouched(moved.lma?.contact ?? ''))
    })
  },
)
