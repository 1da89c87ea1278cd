import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { freePort } from '../test-support/free-port.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { TestRedisServer } from '../test-support/test-redis-server.js'
import { waitFor } from '../test-support/wait-for.js'

const LIMITS = { RATE_LIMIT_SUBMISSIONS: '2', RATE_LIMIT_LOOKUPS: '3' }

const submission = (remoteAddress: string): InjectOptions => ({
  method: 'POST',
  url: '/api/enrollments',
  payload: dealerEnrollment(),
  remoteAddress,
})

/** Sends each request in turn to the next app; answers the status codes. */
async function roundRobin(apps: TestApp[], requests: InjectOptions[]): Promise<number[]> {
  const codes: number[] = []
  for (const [n, request] of requests.entries()) {
    codes.push((await apps[n % apps.length]?.app.inject(request))?.statusCode ?? 0)
  }
  return codes
}

describe('rate limits kept in Redis (REDIS_URL), two app instances', () => {
  let redis: TestRedisServer
  const apps: TestApp[] = []
  beforeAll(async () => {
    redis = await TestRedisServer.create()
    await redis.start()
    for (let n = 0; n < 2; n++) {
      apps.push(
        await createTestApp(
          'pglite',
          { ...LIMITS, REDIS_URL: redis.url },
          { mail: { worker: false } },
        ),
      )
    }
    // Each instance counts on its own until its Redis connection is up, which a loaded machine
    // can take longer to make than the first request takes to come.
    await waitFor(() => apps.every((t) => t.app.redis?.usable) || undefined)
  })
  afterAll(async () => {
    for (const t of apps) await t.close()
    await redis?.stop()
  })

  it('submissions and type-ahead look-ups count against one limit for both', async () => {
    expect(
      await roundRobin(
        apps,
        Array.from({ length: 4 }, () => submission('198.51.100.1')),
      ),
    ).toEqual([201, 201, 429, 429])
    const lookup = {
      url: '/api/enrollments/autocomplete/bac?value=abc',
      remoteAddress: '198.51.100.2',
    }
    expect(await roundRobin(apps, Array(4).fill(lookup))).toEqual([200, 200, 200, 429])
    // The two routes' counts are apart: the look-ups did not use up the submissions.
    expect((await apps[0]?.app.inject(submission('198.51.100.2')))?.statusCode).toBe(201)
  })

  it('/readyz reports Redis as reachable', async () => {
    const ready = await apps[0]?.app.inject('/readyz')
    expect(ready?.statusCode).toBe(200)
    expect(ready?.json()).toEqual({ status: 'ready', database: 'pglite', redis: 'reachable' })
  })

  it('a Redis that stops answering holds no request up: each instance counts on its own, /readyz stays 200', async () => {
    redis.pause()
    try {
      expect(
        await roundRobin(
          apps,
          Array.from({ length: 4 }, () => submission('198.51.100.3')),
        ),
      ).toEqual([201, 201, 201, 201])
      const ready = await apps[1]?.app.inject('/readyz')
      expect(ready?.statusCode).toBe(200)
      expect(ready?.json()).toEqual({ status: 'ready', database: 'pglite', redis: 'unreachable' })
      // Each instance still limits on its own: its third is refused.
      expect((await apps[0]?.app.inject(submission('198.51.100.3')))?.statusCode).toBe(429)
    } finally {
      redis.resume()
    }
    // Answering again, Redis is tried again within seconds, and holds the counts once more.
    await waitFor(() => apps.every((t) => t.app.redis?.usable) || undefined)
    expect(
      await roundRobin(
        apps,
        Array.from({ length: 3 }, () => submission('198.51.100.4')),
      ),
    ).toEqual([201, 201, 429])
  })
})

describe('REDIS_URL names a Redis that is not there', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      'pglite',
      { ...LIMITS, REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
      { mail: { worker: false } },
    )
  })
  afterAll(() => t.close())

  it('the app starts and serves; /readyz is 200 and says Redis is unreachable', async () => {
    const ready = await t.app.inject('/readyz')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: 'pglite', redis: 'unreachable' })
  })

  it('submissions succeed, limited by this instance alone', async () => {
    const codes = []
    for (let n = 0; n < 3; n++)
      codes.push((await t.app.inject(submission('198.51.100.9'))).statusCode)
    expect(codes).toEqual([201, 201, 429])
  })
})
