import fc from 'fast-check'
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import type { Kysely } from 'kysely'
import { expect } from 'vitest'
import type { Database } from '../../db/schema.js'
import { databaseSnapshot } from './db-snapshot.js'
import { fuzzSeed } from './fuzz-runs.js'

/** What one endpoint answered to its random requests, by status code. */
export type Tally = Record<string, Record<number, number>>

export interface FuzzOptions<T> {
  name: string
  app: FastifyInstance
  db: Kysely<Database>
  runs: number
  arbitrary: fc.Arbitrary<T>
  request(value: T): InjectOptions | Promise<InjectOptions>
  tally: Tally
  /** The content type of a 2xx answer; default JSON. */
  success?: RegExp
  /** Sees every answer (e.g. to keep the latest version of what a 2xx changed). */
  onAnswer?(response: LightMyRequestResponse): void
}

/**
 * Throws `runs` random requests at one endpoint and checks each answer: never a 5xx, every
 * 4xx a problem body, and a rejected request leaves every table exactly as it was.
 */
export async function fuzzEndpoint<T>(options: FuzzOptions<T>): Promise<void> {
  const { app, db, name } = options
  const counts: Record<number, number> = {}
  options.tally[name] = counts
  let current = await databaseSnapshot(db)
  await fc.assert(
    fc.asyncProperty(options.arbitrary, async (value) => {
      const response = await app.inject(await options.request(value))
      counts[response.statusCode] = (counts[response.statusCode] ?? 0) + 1
      const before = current
      current = await databaseSnapshot(db)
      options.onAnswer?.(response)
      expectCleanAnswer(response, options.success ?? /^application\/json/)
      if (response.statusCode >= 400) {
        expect(current, 'a rejected request changed the database').toEqual(before)
      }
    }),
    { numRuns: options.runs, ...fuzzSeed() },
  )
}

/** No 5xx; a 4xx is an RFC 9457 problem without internals; a 2xx has its content type. */
export function expectCleanAnswer(response: LightMyRequestResponse, success: RegExp): void {
  const status = response.statusCode
  expect(status, response.body.slice(0, 300)).toBeLessThan(500)
  if (status < 400) {
    expect(response.headers['content-type']).toMatch(success)
    return
  }
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = response.json()
  expect(body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
  })
  expect(body.stack).toBeUndefined()
  expect(body.detail).not.toMatch(/node_modules|\.[jt]s:\d+|\bat [\w.]+ \(/)
  if (body.errors !== undefined) {
    for (const messages of Object.values(body.errors)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === 'string')).toBe(true)
    }
  }
}

/** One line per endpoint: how many requests, and the answers by status. */
export function formatTally(title: string, tally: Tally): string {
  const lines = Object.entries(tally).map(([name, counts]) => {
    const total = Object.values(counts).reduce((sum, n) => sum + n, 0)
    const answers = Object.entries(counts)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
    return `  ${name}: ${total} requests, ${answers}`
  })
  return [title, ...lines].join('\n')
}
