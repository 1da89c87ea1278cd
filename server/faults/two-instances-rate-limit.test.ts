import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import { type ChildDatabase, createChildDatabase } from '../test-support/faults/child-database.js'
import {
  type ChildServer,
  killChildServer,
  startChildServer,
} from '../test-support/faults/child-server.js'
import { hasPostgres } from '../test-support/faults/postgres.js'
import { TestRedisServer } from '../test-support/test-redis-server.js'
import { waitFor } from '../test-support/wait-for.js'

const LIMIT = 3
const REACHABLE = 'Redis is reachable again: rate limits are shared by all instances'
const UNREACHABLE =
  'Redis is not reachable: each instance counts rate limits on its own until it is back'

/** Submits one dealer enrollment as `client` (the address the load balancer saw); the status. */
async function submit(server: ChildServer, client: string): Promise<number> {
  const response = await fetch(`${server.url}/api/enrollments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify(dealerEnrollment()),
  })
  await response.arrayBuffer()
  return response.status
}

async function readiness(server: ChildServer): Promise<{ code: number; body: unknown }> {
  const response = await fetch(`${server.url}/readyz`)
  return { code: response.status, body: await response.json() }
}

// Two server processes behind one load balancer (TRUST_PROXY=1: the balancer's X-Forwarded-For
// names the client), on one PostgreSQL and one Redis: a private redis-server this test stops.
describe.runIf(hasPostgres())('two instances on one PostgreSQL and one Redis', () => {
  let database: ChildDatabase
  let redis: TestRedisServer
  const servers: ChildServer[] = []
  /** Sends `count` submissions of one client, in turn to each instance. */
  const alternating = async (client: string, count: number) => {
    const codes: number[] = []
    for (let n = 0; n < count; n++) codes.push(await submit(servers[n % 2] as ChildServer, client))
    return codes
  }
  const logged = (server: ChildServer, msg: string) =>
    server.logs.some((line) => line.msg === msg) || undefined

  beforeAll(async () => {
    redis = await TestRedisServer.create()
    await redis.start()
    database = await createChildDatabase('postgres')
    const env = {
      ...database.env,
      REDIS_URL: redis.url,
      TRUST_PROXY: '1',
      RATE_LIMIT_SUBMISSIONS: String(LIMIT),
    }
    // One after the other: the first migrates the database, and two starting at once on a busy
    // machine would each take the longer.
    for (let n = 0; n < 2; n++) servers.push(await startChildServer(env))
    // Each instance counts on its own until its Redis connection is up, which a loaded machine
    // can take longer to make than the first request takes to come.
    for (const server of servers) {
      await waitFor(
        async () =>
          ((await readiness(server)).body as { redis?: string }).redis === 'reachable' || undefined,
      )
    }
  }, 120_000)
  afterAll(async () => {
    for (const server of servers) await killChildServer(server)
    await database?.remove()
    await redis?.stop()
  })

  it('the submission limit holds for the pair, not for each instance', async () => {
    expect(await alternating('203.0.113.1', LIMIT + 3)).toEqual([201, 201, 201, 429, 429, 429])
    for (const server of servers) {
      expect(await readiness(server)).toEqual({
        code: 200,
        body: { status: 'ready', database: 'postgres', redis: 'reachable' },
      })
    }
    // Another client has a limit of its own.
    expect(await alternating('203.0.113.2', 1)).toEqual([201])
  })

  it('Redis stops mid-run: submissions still succeed, each instance limits on its own, /readyz reports it', async () => {
    await redis.stop()
    expect(await submit(servers[0] as ChildServer, '203.0.113.3')).toBe(201)
    expect(await submit(servers[1] as ChildServer, '203.0.113.3')).toBe(201)
    for (const server of servers) {
      await waitFor(() => logged(server, UNREACHABLE))
      expect(await readiness(server)).toEqual({
        code: 200,
        body: { status: 'ready', database: 'postgres', redis: 'unreachable' },
      })
    }
    // While Redis is away each instance counts on its own: the limit holds per instance.
    const first = servers[0] as ChildServer
    const codes = []
    for (let n = 0; n <= LIMIT; n++) codes.push(await submit(first, '203.0.113.4'))
    expect(codes).toEqual([201, 201, 201, 429])
    expect(await submit(servers[1] as ChildServer, '203.0.113.4')).toBe(201)
  })

  it('Redis back on its address: the instances share the limit again', async () => {
    await redis.start()
    for (const server of servers) {
      await waitFor(
        async () =>
          ((await readiness(server)).body as { redis?: string }).redis === 'reachable' || undefined,
      )
      await waitFor(() => logged(server, REACHABLE))
    }
    expect(await alternating('203.0.113.5', LIMIT + 1)).toEqual([201, 201, 201, 429])
  })
})
