import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config/config.js'
import { VIEWER_CLAIMS } from '../test-support/admin-test-app.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import {
  startTestIdentityProvider,
  type TestIdentityProvider,
} from '../test-support/test-identity-provider.js'

describe('an authority without ADMIN_USERS or ADMIN_ROLE (docs/product.md#users)', () => {
  let idp: TestIdentityProvider
  let database: TestDatabase
  let app: Awaited<ReturnType<typeof buildApp>>
  const logLines: string[] = []

  beforeAll(async () => {
    idp = await startTestIdentityProvider()
    database = await createTestDatabase('pglite')
    const config = loadConfig({
      NODE_ENV: 'test',
      OIDC_AUTHORITY: idp.authority,
      OIDC_CLIENT_ID: idp.clientId,
    })
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk))
        done()
      },
    })
    app = await buildApp({ config, database, logger: { level: 'warn', stream } })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    await idp.close()
  })

  it('warns at start-up that every user of the authority is an administrator', () => {
    expect(logLines.join('')).toContain('every user of the sign-in authority is an administrator')
  })

  it('admits any signed-in user of the authority, and still nobody without a token', async () => {
    const token = await idp.sign(VIEWER_CLAIMS)
    const response = await app.inject({
      url: '/api/enrollments',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.statusCode).toBe(200)
    expect((await app.inject('/api/enrollments')).statusCode).toBe(401)
  })
})
