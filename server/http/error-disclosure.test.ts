import { Writable } from 'node:stream'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config/config.js'
import { dealerEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'

const GENERIC = {
  type: 'about:blank',
  title: 'Internal Server Error',
  status: 500,
  detail: 'Something went wrong on our end. Please try again later.',
}

/** Nothing of the database or the code: no SQL, table names, file paths or stack frames. */
function expectNothingInternal(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(500)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(response.json()).toEqual(GENERIC)
  expect(response.body).not.toMatch(
    /enrollments_|relation|select|insert|from |\.ts|\.js|node_modules|\bat\b|stack/i,
  )
}

describe.each(testDatabaseKinds())('an unexpected failure on %s shows nothing inside', (kind) => {
  let app: FastifyInstance
  let database: TestDatabase
  const log: string[] = []
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error' })
    const stream = new Writable({
      write(chunk, _encoding, done) {
        log.push(String(chunk))
        done()
      },
    })
    app = await buildApp({
      config,
      database,
      logger: { level: 'error', stream },
      mail: { worker: false },
    })
    await app.ready()
    // A broken schema, as after a botched deployment: every query on enrollments fails.
    await sql`alter table enrollments rename to enrollments_gone`.execute(database.db)
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('a failing query answers the generic 500 problem', async () => {
    expectNothingInternal(await app.inject('/api/enrollments/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'))
    expectNothingInternal(
      await app.inject({ method: 'POST', url: '/api/enrollments', payload: dealerEnrollment() }),
    )
  })

  it('the log keeps the real error, with the request id, for whoever runs the server', async () => {
    const response = await app.inject({
      url: '/api/enrollments/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f',
      headers: { 'x-request-id': 'req-disclosure-1' },
    })
    expect(response.statusCode).toBe(500)
    const line = log.find((entry) => entry.includes('req-disclosure-1'))
    expect(line).toContain('enrollments')
    expect(line).toContain('"stack"')
  })
})
