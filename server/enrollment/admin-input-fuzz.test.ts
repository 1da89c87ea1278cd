import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { formatTally, fuzzEndpoint, type Tally } from '../test-support/fuzz/fuzz-endpoint.js'
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz/fuzz-runs.js'
import {
  actionBody,
  bodyPlan,
  bodyText,
  contentType,
  guidish,
  queryString,
} from '../test-support/fuzz/request-arbitraries.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

type Stored = Enrollment & { guid: string }

function post(url: string, text: string | undefined, type: string | undefined): InjectOptions {
  return {
    method: 'POST',
    url,
    ...(text === undefined ? {} : { payload: text }),
    headers: type ? { 'content-type': type } : {},
  }
}

describe.each(testDatabaseKinds())(
  'random and mutated requests at the admin API on %s',
  { timeout: fuzzTimeout() },
  (kind) => {
    let t: AdminTestApp
    const tally: Tally = {}
    /** Edited by the update fuzzing: the latest stored version of each. */
    const edited = new Map<string, Stored>()
    /** Approved, declined, re-authorized and deleted by the action fuzzing. */
    const acted: string[] = []
    const options = () => ({ app: t.app, db: t.database.db, tally })
    // Every admin request carries an administrator's token: the fuzzing is of what comes after.
    let token = ''
    const asAdmin = (request: InjectOptions): InjectOptions => ({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
    })

    beforeAll(async () => {
      t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
      token = await t.idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
      const submit = async (body: Enrollment): Promise<Stored> => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/enrollments',
          payload: body,
        })
        expect(response.statusCode).toBe(201)
        return loadByReceipt(t, response.json())
      }
      for (const stored of [await submit(dealerEnrollment()), await submit(lmaEnrollment(4))]) {
        edited.set(stored.guid, { ...stored, regionId: 1 })
      }
      for (let index = 0; index < 8; index++) {
        const body =
          index % 2 ? dealerEnrollment() : lmaEnrollment(2, { name: `Acted On ${index}` })
        acted.push((await submit(body)).guid)
      }
    })
    afterAll(async () => {
      console.info(formatTally(`Admin API fuzzing on ${kind}`, tally))
      await t.close()
    })

    it('GET /api/enrollments with random query parameters', async () => {
      await fuzzEndpoint({
        ...options(),
        name: 'GET /api/enrollments',
        runs: fuzzRuns(300, kind),
        arbitrary: queryString(['year', 'status', 'type', 'search']),
        request: (query) => asAdmin({ url: `/api/enrollments?${query}` }),
      })
    })

    it('POST /api/enrollments/{guid}/update', async () => {
      const target = fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...edited.keys()) },
        { weight: 1, arbitrary: guidish },
      )
      await fuzzEndpoint({
        ...options(),
        name: 'POST /api/enrollments/{guid}/update',
        runs: fuzzRuns(400, kind),
        arbitrary: fc.tuple(target, bodyPlan, contentType),
        request: ([guid, plan, type]) => {
          const valid = structuredClone(edited.get(guid) ?? [...edited.values()][0])
          return asAdmin(post(`/api/enrollments/${guid}/update`, bodyText(plan, valid), type))
        },
        onAnswer: (response) => {
          if (response.statusCode !== 200) return
          const stored: Stored = response.json()
          edited.set(stored.guid, stored)
        },
      })
    })

    it.each(['approve', 're-authorize', 'decline', 'delete', 'history'])(
      'random bodies at /api/enrollments/{guid}/%s',
      async (action) => {
        const target = fc.oneof(fc.constantFrom(...acted), guidish)
        await fuzzEndpoint({
          ...options(),
          name: `${action === 'history' ? 'GET' : 'POST'} /api/enrollments/{guid}/${action}`,
          runs: fuzzRuns(action === 'history' ? 100 : 150, kind),
          arbitrary: fc.tuple(target, actionBody),
          request: ([guid, body]) =>
            action === 'history'
              ? asAdmin({ url: `/api/enrollments/${guid}/history` })
              : asAdmin(post(`/api/enrollments/${guid}/${action}`, body.text, body.type)),
        })
      },
    )

    it('the server is still ready afterwards', async () => {
      expect((await t.app.inject('/readyz')).statusCode).toBe(200)
      expect(Object.keys(tally)).toHaveLength(7)
    })
  },
)
