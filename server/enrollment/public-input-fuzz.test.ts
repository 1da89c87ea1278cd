import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { formatTally, fuzzEndpoint, type Tally } from '../test-support/fuzz/fuzz-endpoint.js'
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz/fuzz-runs.js'
import {
  bodyPlan,
  bodyText,
  contentType,
  guidish,
  queryString,
} from '../test-support/fuzz/request-arbitraries.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const forms = fc.constantFrom<'dealer' | 'lma'>('dealer', 'lma')

let names = 0
/** A valid body of either form, with an LMA name no other run uses. */
function validBody(form: 'dealer' | 'lma'): Enrollment {
  names += 1
  return form === 'dealer'
    ? dealerEnrollment()
    : lmaEnrollment(2, { name: `Fuzzed Dealers ${process.pid}-${names}` })
}

function withBody(url: string, text: string, type: string | undefined): InjectOptions {
  return { method: 'POST', url, payload: text, headers: type ? { 'content-type': type } : {} }
}

describe.each(testDatabaseKinds())(
  'random and mutated bodies at the public API on %s',
  { timeout: fuzzTimeout() },
  (kind) => {
    let t: TestApp
    let live: Enrollment & { guid: string }
    const tally: Tally = {}
    beforeAll(async () => {
      t = await createTestApp(kind, {}, { mail: { worker: false } })
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: lmaEnrollment(3, { name: 'Live Target Dealers' }),
      })
      expect(response.statusCode).toBe(201)
      live = await loadByReceipt(t, response.json())
    })
    afterAll(async () => {
      console.info(formatTally(`Public API fuzzing on ${kind}`, tally))
      await t.close()
    })
    const options = () => ({ app: t.app, db: t.database.db, tally })

    it('POST /api/enrollments', async () => {
      await fuzzEndpoint({
        ...options(),
        name: 'POST /api/enrollments',
        runs: fuzzRuns(500, kind),
        arbitrary: fc.tuple(forms, bodyPlan, contentType),
        request: ([form, plan, type]) =>
          withBody('/api/enrollments', bodyText(plan, validBody(form)), type),
      })
    })

    it('POST /api/enrollments/{guid}/authorize', async () => {
      const target = fc.oneof(fc.constant(live.guid), guidish)
      await fuzzEndpoint({
        ...options(),
        name: 'POST /api/enrollments/{guid}/authorize',
        runs: fuzzRuns(400, kind),
        arbitrary: fc.tuple(target, bodyPlan, contentType),
        request: ([guid, plan, type]) => {
          const valid = { ...structuredClone(live), regionId: 1 }
          return withBody(`/api/enrollments/${guid}/authorize`, bodyText(plan, valid), type)
        },
        // A representative's changes are kept: the next body starts from them.
        onAnswer: (response) => {
          if (response.statusCode === 200) live = response.json()
        },
      })
    })

    it.each(['bac', 'lma-name'])('GET /api/enrollments/autocomplete/%s', async (path) => {
      await fuzzEndpoint({
        ...options(),
        name: `GET /api/enrollments/autocomplete/${path}`,
        runs: fuzzRuns(300, kind),
        arbitrary: queryString(['value', 'brand']),
        request: (query) => ({ url: `/api/enrollments/autocomplete/${path}?${query}` }),
      })
    })

    it('GET /api/enrollments/{guid}', async () => {
      await fuzzEndpoint({
        ...options(),
        name: 'GET /api/enrollments/{guid}',
        runs: fuzzRuns(300, kind),
        arbitrary: fc.oneof(guidish, fc.constant(live.guid)),
        request: (guid) => ({ url: `/api/enrollments/${guid}` }),
      })
    })

    it('POST and PUT /api/drafts', async () => {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/drafts',
        payload: { email: 'fuzz@drafts.example', values: validBody('lma') },
      })
      expect(saved.statusCode).toBe(201)
      const { token } = saved.json()
      const target = fc.oneof(fc.constant(token as string), fc.string({ maxLength: 60 }))
      for (const method of ['POST', 'PUT'] as const) {
        await fuzzEndpoint({
          ...options(),
          name: `${method} /api/drafts`,
          runs: fuzzRuns(200, kind),
          arbitrary: fc.tuple(forms, bodyPlan, contentType, target),
          request: ([form, plan, type, draft]) => {
            const body = { email: 'fuzz@drafts.example', values: validBody(form) }
            const query = method === 'PUT' ? `?draft=${encodeURIComponent(draft)}` : ''
            return { ...withBody(`/api/drafts${query}`, bodyText(plan, body), type), method }
          },
        })
      }
    })

    it('the server is still ready afterwards', async () => {
      expect((await t.app.inject('/readyz')).statusCode).toBe(200)
      expect(Object.keys(tally)).toHaveLength(7)
    })
  },
)
