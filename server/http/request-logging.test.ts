import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LogRecord, startFaultApp } from '../test-support/faults/fault-app.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { withoutQueryValues } from './log-serializers.js'

describe('request logs leave out what opens an enrollment, a draft or a session', () => {
  let database: TestDatabase
  let app: FastifyInstance
  let logs: LogRecord[]
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    ;({ app, logs } = await startFaultApp(database, { LOG_LEVEL: 'info' }))
  })
  afterAll(async () => {
    await app.close()
    await database.close()
  })

  it('the authorization link, the sign-in return and a status link are logged without what opens them', async () => {
    const guid = randomUUID()
    await app.inject(`/chevy/enrollment/lma?auth=${guid}`)
    await app.inject('/oidc?code=SECRET-CODE-123&state=STATE-456')
    await app.inject('/api/enrollments/autocomplete/bac?value=Riverside')
    const token = 'S'.repeat(43)
    await app.inject(`/chevy/enrollment/status/${token}`)
    await app.inject(`/api/status/${token}`)
    // A draft link's token, on the page and in the API (a draft of it or not, it is never logged).
    const draft = 'D'.repeat(43)
    await app.inject(`/chevy/enrollment/lma?draft=${draft}`)
    await app.inject(`/api/drafts?draft=${draft}&brand=chevy&form=lma`)
    const written = JSON.stringify(logs)
    expect(written).not.toContain(draft)
    expect(written).not.toContain(guid)
    expect(written).not.toContain('SECRET-CODE-123')
    expect(written).not.toContain('STATE-456')
    expect(written).not.toContain(token)
    const urls = logs.flatMap((line) => {
      const request = line.req as { url?: string } | undefined
      return request?.url ? [request.url] : []
    })
    expect(urls).toContain('/chevy/enrollment/lma?auth=…')
    expect(urls).toContain('/oidc?code=…&state=…')
    expect(urls).toContain('/api/status/…')
    expect(urls).toContain('/api/drafts?draft=…&brand=…&form=…')
  })

  it('keeps the path and the names of the query', () => {
    expect(withoutQueryValues('/api/x')).toBe('/api/x')
    expect(withoutQueryValues('/a?b=1&c&d=x%3Dy')).toBe('/a?b=…&c=…&d=…')
    expect(withoutQueryValues('/a?')).toBe('/a?')
  })
})
