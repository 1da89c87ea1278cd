import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { formatTally, fuzzEndpoint, type Tally } from '../test-support/fuzz/fuzz-endpoint.js'
import { fuzzRuns, fuzzTimeout } from '../test-support/fuzz/fuzz-runs.js'
import { strangeKey } from '../test-support/fuzz/nasty-values.js'
import {
  bodyPlan,
  bodyText,
  contentType,
  guidish,
} from '../test-support/fuzz/request-arbitraries.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const XLSX = /^application\/vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet/

/** A report form: fields (mostly bearer_token, often the real token), sent one way or another. */
function reportForm(token: string): fc.Arbitrary<InjectOptions> {
  const name = fc.oneof({ weight: 3, arbitrary: fc.constant('bearer_token') }, strangeKey)
  const value = fc.oneof(
    { weight: 3, arbitrary: fc.constant(token) },
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.constantFrom('', 'a.b.c', 'x'.repeat(9000), 'x'.repeat(17_000)),
  )
  const encoding = fc.constantFrom('form', 'form', 'json', 'text', 'none')
  const fields = fc.array(fc.tuple(name, value), { maxLength: 3 })
  // Half the time the token also comes as a header, so that the form itself gets checked.
  return fc.tuple(fields, encoding, fc.boolean()).map(([pairs, how, header]): InjectOptions => {
    const authorization = header ? { authorization: `Bearer ${token}` } : {}
    if (how === 'none') return { headers: authorization }
    const json = how === 'json'
    const payload = json
      ? JSON.stringify(Object.fromEntries(pairs))
      : new URLSearchParams(pairs).toString()
    const type = json
      ? 'application/json'
      : how === 'form'
        ? 'application/x-www-form-urlencoded'
        : 'text/plain'
    return { payload, headers: { 'content-type': type, ...authorization } }
  })
}

const yearish = fc.oneof(
  fc.constantFrom('2025', '2024', '0000', '99999', '2025.0', '-2025', 'abcd', '%E0%A4%A', '%00'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).map(encodeURIComponent),
)

describe.each(testDatabaseKinds())(
  'random requests at reports, invoices, rollover on %s',
  { timeout: fuzzTimeout() },
  (kind) => {
    let t: AdminTestApp
    let token = ''
    let invoiced = ''
    const tally: Tally = {}
    const options = () => ({ app: t.app, db: t.database.db, tally })
    const asAdmin = (request: InjectOptions): InjectOptions => ({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${token}` },
    })

    beforeAll(async () => {
      t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
      token = await t.idp.sign(ADMIN_CLAIMS, { expiresIn: 3600 })
      const submitted = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: lmaEnrollment(2, { name: 'Invoiced <b>Dealers</b>' }),
      })
      invoiced = (await loadByReceipt(t, submitted.json())).guid
      const approved = await t.asAdmin({
        method: 'POST',
        url: `/api/enrollments/${invoiced}/approve`,
      })
      expect(approved.statusCode).toBe(200)
    })
    afterAll(async () => {
      console.info(formatTally(`Report, invoice and rollover fuzzing on ${kind}`, tally))
      await t.close()
    })

    it.each(['export', 'invoices/{year}', 'enrollment-list'])(
      'POST /api/reports/%s with random forms',
      async (path) => {
        await fuzzEndpoint({
          ...options(),
          name: `POST /api/reports/${path}`,
          runs: fuzzRuns(150, kind),
          arbitrary: fc.tuple(reportForm(token), yearish),
          request: ([form, year]) => ({
            ...form,
            method: 'POST',
            url: `/api/reports/${path.replace('{year}', year)}`,
          }),
          success: XLSX,
        })
      },
    )

    it.each(['', '/pdf'])('GET /api/invoices/{guid}%s', async (suffix) => {
      await fuzzEndpoint({
        ...options(),
        name: `GET /api/invoices/{guid}${suffix}`,
        runs: fuzzRuns(100, kind),
        arbitrary: fc.oneof(guidish, fc.constant(invoiced)),
        request: (guid) => asAdmin({ url: `/api/invoices/${guid}${suffix}` }),
        success: suffix ? /^application\/pdf/ : /^application\/json/,
      })
    })

    it('POST /api/rollover with random bodies', async () => {
      await fuzzEndpoint({
        ...options(),
        name: 'POST /api/rollover',
        runs: fuzzRuns(200, kind),
        arbitrary: fc.tuple(bodyPlan, contentType),
        request: ([plan, type]) =>
          asAdmin({
            method: 'POST',
            url: '/api/rollover',
            payload: bodyText(plan, { to: 2026 }),
            headers: type ? { 'content-type': type } : {},
          }),
      })
    })

    it('the server is still ready afterwards', async () => {
      expect((await t.app.inject('/readyz')).statusCode).toBe(200)
      expect(Object.keys(tally)).toHaveLength(6)
    })
  },
)
