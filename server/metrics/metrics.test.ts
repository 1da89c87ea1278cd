import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { freePort } from '../test-support/free-port.js'
import { markdownSection, repositoryDocument } from '../test-support/markdown-tables.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'
import { Metrics } from './metrics.js'
import { routeLabel } from './metrics-plugin.js'

const TOKEN = 'metrics-token-0123456789abcdefABCDEF'

/** Scrapes /metrics and answers each sample's value by its name and labels, as Prometheus reads it. */
async function scrape(t: TestApp, headers: Record<string, string> = {}) {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
  const samples = new Map<string, number>()
  for (const line of response.body.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*(?:\{[^}]*\})?) (\S+)$/i.exec(line)
    if (match?.[1] && match[2]) samples.set(match[1], Number(match[2]))
  }
  return { samples, text: response.body }
}

describe("a route's name in the metrics", () => {
  it('is its pattern; the built files, hashed anew by each release, are counted together', () => {
    expect(routeLabel('/api/enrollments/:guid')).toBe('/api/enrollments/:guid')
    expect(routeLabel('/api/openapi.json')).toBe('/api/openapi.json')
    expect(routeLabel('/healthz')).toBe('/healthz')
    expect(routeLabel('/assets/index-3f9a1c.js')).toBe('static')
    expect(routeLabel('/oidc-silent.html')).toBe('static')
  })
})

describe('prom-client, loaded on first use', () => {
  it('is loaded once the most counts that may wait have waited, with them all, scraped or not', async () => {
    const metrics = new Metrics(3)
    const observe = metrics.routeObserver('/healthz')
    observe('GET', 200, 4)
    metrics.rateLimitRefused('/api/enrollments/autocomplete/bac')
    expect(metrics.waitingCalls).toBe(2)
    observe('GET', 200, 6)
    // The third starts the load; nothing waits once it has ended.
    await waitFor(async () => (metrics.waitingCalls === 0 ? true : undefined))
    observe('GET', 503, 1)
    expect(metrics.waitingCalls).toBe(0)
    const { text } = await metrics.scrape(undefined, undefined)
    expect(text).toContain(
      'pos_http_request_duration_seconds_count{method="GET",route="/healthz",status_class="2xx"} 2',
    )
    expect(text).toContain(
      'pos_http_request_duration_seconds_sum{method="GET",route="/healthz",status_class="2xx"} 0.01',
    )
    expect(text).toContain(
      'pos_http_request_duration_seconds_count{method="GET",route="/healthz",status_class="5xx"} 1',
    )
    expect(text).toContain(
      'pos_rate_limit_refusals_total{route="/api/enrollments/autocomplete/bac"} 1',
    )
  })
})

describe.each(testDatabaseKinds())('GET /metrics on %s', (kind) => {
  describe('first scraped after requests', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { RATE_LIMIT_LOOKUPS: '1' }, { mail: { worker: false } })
    })
    afterAll(() => t?.close())

    it('counts every request and refusal made before it', async () => {
      for (let index = 0; index < 3; index++) {
        expect((await t.app.inject('/healthz')).statusCode).toBe(200)
      }
      const url = '/api/enrollments/autocomplete/bac?value=1234'
      expect((await t.app.inject(url)).statusCode).toBe(200)
      expect((await t.app.inject(url)).statusCode).toBe(429)
      expect((await t.app.inject('/api/no-such-thing-here')).statusCode).toBe(404)

      const { samples } = await scrape(t)
      const requests = (labels: string) =>
        samples.get(`pos_http_request_duration_seconds_count{${labels}}`)
      expect(requests('method="GET",route="/healthz",status_class="2xx"')).toBe(3)
      expect(
        samples.get(
          'pos_http_request_duration_seconds_sum{method="GET",route="/healthz",status_class="2xx"}',
        ),
      ).toBeGreaterThan(0)
      const bac = 'method="GET",route="/api/enrollments/autocomplete/bac"'
      expect(requests(`${bac},status_class="2xx"`)).toBe(1)
      expect(requests(`${bac},status_class="4xx"`)).toBe(1)
      expect(requests('method="GET",route="unmatched",status_class="4xx"')).toBe(1)
      expect(
        samples.get('pos_rate_limit_refusals_total{route="/api/enrollments/autocomplete/bac"}'),
      ).toBe(1)
    })
  })

  describe('with the mail server down and reminders on a short schedule', () => {
    let t: TestApp
    beforeAll(async () => {
      // Nothing listens there: every attempt fails, and one attempt gives a mail up.
      const smtp = `smtp://127.0.0.1:${await freePort()}`
      t = await createTestApp(
        kind,
        { SMTP_URL: smtp },
        { mail: { pollMs: 20, retryBaseMs: 20, maxAttempts: 1 }, reminders: { intervalMs: 200 } },
      )
    })
    afterAll(() => t?.close())

    it('counts a submission under its route pattern and 2xx, the failed mails, and a reminder run with its mail', async () => {
      const before = await scrape(t)
      expect(before.samples.get('pos_outbox_failed_mails')).toBe(0)
      expect(before.samples.get('pos_periodic_job_done_total{job="authorization-reminders"}')).toBe(
        0,
      )

      const stored = await submittedEnrollment(t, lmaEnrollment(2, { name: 'Metrics Counted LMA' }))
      // Read by its guid (submittedEnrollment did once): counted under the route's pattern, never
      // the address asked for.
      expect((await t.app.inject(`/api/enrollments/${stored.guid}`)).statusCode).toBe(200)
      const after = await scrape(t)
      expect(
        after.samples.get(
          'pos_http_request_duration_seconds_count{method="POST",route="/api/enrollments",status_class="2xx"}',
        ),
      ).toBe(1)
      expect(
        after.samples.get(
          'pos_http_request_duration_seconds_count{method="GET",route="/api/enrollments/:guid",status_class="2xx"}',
        ),
      ).toBe(2)
      expect(after.text).not.toContain(stored.guid)

      // The authorization request and the receipt: refused by the mail server, given up.
      const failed = await waitFor(async () => {
        const { samples } = await scrape(t)
        return samples.get('pos_outbox_failed_mails') === 2 ? samples : undefined
      })
      expect(failed.get('pos_outbox_pending_mails')).toBe(0)
      expect(failed.get('pos_outbox_oldest_pending_age_seconds')).toBe(0)

      // Eight days after the request the schedule reminds the representative.
      await sql`update enrollments set authorization_requested_at = now() - interval '8 days'
        where guid = ${stored.guid}`.execute(t.database.db)
      const reminded = await waitFor(async () => {
        const { samples } = await scrape(t)
        const mails = samples.get('pos_periodic_job_done_total{job="authorization-reminders"}')
        return mails === 1 ? samples : undefined
      })
      expect(
        reminded.get(
          'pos_periodic_job_runs_total{job="authorization-reminders",outcome="success"}',
        ),
      ).toBeGreaterThanOrEqual(1)
      expect(
        reminded.get(
          'pos_periodic_job_runs_total{job="authorization-reminders",outcome="failure"}',
        ),
      ).toBe(0)
      // And the reminder mail fails too.
      await waitFor(async () =>
        (await scrape(t)).samples.get('pos_outbox_failed_mails') === 3 ? true : undefined,
      )
    })
  })

  describe('without METRICS_TOKEN', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { RATE_LIMIT_LOOKUPS: '1' }, { mail: { worker: false } })
    })
    afterAll(() => t?.close())

    it('answers loopback clients only, and none a proxy forwarded', async () => {
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const response = await t.app.inject({ url: '/metrics', remoteAddress })
        expect(response.statusCode, remoteAddress).toBe(200)
      }
      for (const request of [
        { remoteAddress: '203.0.113.9' },
        { remoteAddress: '10.0.0.5' },
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
        { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.9' } },
      ]) {
        const response = await t.app.inject({ url: '/metrics', ...request })
        expect(response.statusCode, JSON.stringify(request)).toBe(403)
        expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
        expect(response.json().detail).toBe(
          'The metrics answer clients on this machine only; set METRICS_TOKEN to read them from elsewhere.',
        )
        expect(response.body).not.toContain('pos_')
      }
    })

    it('says what waits in the outbox, the refusals of a rate limit, the pool and the process', async () => {
      await submittedEnrollment(t, lmaEnrollment(2, { name: 'Metrics Waiting LMA' }))
      const url = '/api/enrollments/autocomplete/bac?value=1234'
      expect((await t.app.inject(url)).statusCode).toBe(200)
      expect((await t.app.inject(url)).statusCode).toBe(429)
      const { samples, text } = await scrape(t)
      // The worker is off: both mails wait.
      expect(samples.get('pos_outbox_pending_mails')).toBe(2)
      expect(samples.get('pos_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0)
      expect(samples.get('pos_outbox_oldest_pending_age_seconds')).toBeLessThan(60)
      expect(samples.get('pos_outbox_failed_mails')).toBe(0)
      expect(
        samples.get('pos_rate_limit_refusals_total{route="/api/enrollments/autocomplete/bac"}'),
      ).toBe(1)
      expect(
        samples.get(
          'pos_http_request_duration_seconds_count{method="GET",route="/api/enrollments/autocomplete/bac",status_class="4xx"}',
        ),
      ).toBe(1)
      expect(samples.get('process_cpu_user_seconds_total')).toBeGreaterThan(0)
      expect(text).toContain('# TYPE nodejs_heap_size_used_bytes gauge')
      if (kind === 'postgres') {
        expect(samples.get('pos_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0)
        expect(samples.get('pos_db_pool_connections{state="used"}')).toBeGreaterThanOrEqual(0)
        expect(samples.get('pos_db_pool_waiting_requests')).toBe(0)
      } else {
        expect(text).not.toContain('pos_db_pool_connections{')
      }
      // A request no route matched is counted under one name, not under its address.
      expect((await t.app.inject('/api/no-such-thing-here')).statusCode).toBe(404)
      const later = await scrape(t)
      expect(
        later.samples.get(
          'pos_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}',
        ),
      ).toBe(1)
      expect(later.text).not.toContain('no-such-thing-here')
    })

    it("names in docs/deployment.md's metrics and alerts only metrics the server has", async () => {
      const section = markdownSection(
        repositoryDocument('docs/deployment.md'),
        '## Metrics and alerts',
      )
      const named = new Set(
        [...section.matchAll(/\bpos_[a-z_]+/g)].map((match) =>
          match[0].replace(/_(count|bucket|sum)$/, ''),
        ),
      )
      expect(named.size).toBeGreaterThanOrEqual(9)
      const { text } = await scrape(t)
      const served = new Set([...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]))
      expect([...named].filter((name) => !served.has(name))).toEqual([])
      // And the label values the alerts select on.
      for (const label of ['status_class="5xx"', 'job="authorization-reminders"']) {
        expect(section).toContain(label)
      }
    })
  })

  describe('with METRICS_TOKEN', () => {
    let t: TestApp
    beforeAll(async () => {
      t = await createTestApp(kind, { METRICS_TOKEN: TOKEN }, { mail: { worker: false } })
    })
    afterAll(() => t?.close())

    it('needs the token as a bearer token, from any address', async () => {
      for (const headers of [
        {},
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: `Bearer ${TOKEN.slice(0, -1)}` },
        { authorization: `Basic ${TOKEN}` },
      ]) {
        const response = await t.app.inject({ url: '/metrics', headers })
        expect(response.statusCode, JSON.stringify(headers)).toBe(401)
        expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"')
        expect(response.json().detail).toBe(
          'The metrics need the bearer token METRICS_TOKEN names.',
        )
      }
      const remote = await t.app.inject({
        url: '/metrics',
        remoteAddress: '203.0.113.9',
        headers: { authorization: `Bearer ${TOKEN}` },
      })
      expect(remote.statusCode).toBe(200)
      expect(remote.body).toContain('# TYPE pos_outbox_pending_mails gauge')
    })
  })
})
