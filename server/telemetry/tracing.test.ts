import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { type ChildDatabase, createChildDatabase } from '../test-support/faults/child-database.js'
import {
  type ChildServer,
  killChildServer,
  startChildServer,
} from '../test-support/faults/child-server.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

interface ExportedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  scope: string
  service: string | undefined
  attributes: Record<string, unknown>
}

interface OtlpValue {
  stringValue?: string
  intValue?: string | number
  boolValue?: boolean
}
interface OtlpAttribute {
  key: string
  value: OtlpValue
}
interface OtlpTraces {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] }
    scopeSpans?: Array<{
      scope?: { name?: string }
      spans?: Array<{
        traceId: string
        spanId: string
        parentSpanId?: string
        name: string
        attributes?: OtlpAttribute[]
      }>
    }>
  }>
}

const plainValue = (value: OtlpValue) => value.stringValue ?? value.intValue ?? value.boolValue
const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map((attribute) => [attribute.key, plainValue(attribute.value)]))

/**
 * A collector's OTLP/HTTP trace endpoint: keeps every span POSTed to /v1/traces, and each body
 * as it came (the JSON text), to search all of it.
 */
async function startReceiver(): Promise<{
  url: string
  spans: ExportedSpan[]
  bodies: string[]
  server: Server
}> {
  const spans: ExportedSpan[] = []
  const bodies: string[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end()
        return
      }
      const raw = Buffer.concat(chunks)
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw
      bodies.push(body.toString('utf8'))
      const traces = JSON.parse(body.toString('utf8')) as OtlpTraces
      for (const resourceSpans of traces.resourceSpans ?? []) {
        const service = attributesOf(resourceSpans.resource?.attributes)['service.name']
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              ...(span.parentSpanId ? { parentSpanId: span.parentSpanId } : {}),
              name: span.name,
              scope: scopeSpans.scope?.name ?? '',
              service: typeof service === 'string' ? service : undefined,
              attributes: attributesOf(span.attributes),
            })
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('No port')
  return { url: `http://127.0.0.1:${address.port}`, spans, bodies, server }
}

describe.each(testDatabaseKinds())('tracing on %s', (kind) => {
  let database: ChildDatabase | undefined
  let server: ChildServer | undefined
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined
  afterAll(async () => {
    await killChildServer(server)
    await database?.remove()
    await new Promise((resolve) => receiver?.server.close(resolve))
  })

  it(`with OTEL_EXPORTER_OTLP_ENDPOINT set, sends a request's span${kind === 'postgres' ? ' and its queries' : ''} to the collector`, async () => {
    receiver = await startReceiver()
    database = await createChildDatabase(kind)
    server = await startChildServer({
      ...database.env,
      REMINDER_AFTER_DAYS: '0',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'pos-enrollment-test',
    })
    // A public read that asks the database, for an enrollment that is not there.
    const response = await fetch(`${server.url}/api/enrollments/${randomUUID()}`)
    expect(response.status).toBe(404)
    // Shutting down sends the spans still waiting for their batch.
    server.signal('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })

    const spans = receiver.spans
    const request = spans.find(
      (span) =>
        span.scope === '@fastify/otel' &&
        span.attributes['http.route'] === '/api/enrollments/:guid',
    )
    expect(request, JSON.stringify(spans.map((span) => [span.scope, span.name]))).toBeDefined()
    expect(request?.service).toBe('pos-enrollment-test')
    // The health probes are left out.
    expect(spans.filter((span) => span.attributes['http.route'] === '/readyz')).toEqual([])

    const queries = spans.filter((span) => span.scope === '@opentelemetry/instrumentation-pg')
    if (kind === 'postgres') {
      const inRequest = queries.filter((span) => span.traceId === request?.traceId)
      expect(inRequest.map((span) => span.name)).toContainEqual(expect.stringMatching(/^pg\.query/))
      // Queries made outside a request (migrations, the mail worker, the scheduler) are not traced.
      expect(queries.filter((span) => span.traceId !== request?.traceId)).toEqual([])
    } else {
      expect(queries).toEqual([])
    }
  }, 120_000)
})

/** A capability token's shape (server/capability/capability-token.ts): 256 bits, base64url. */
const capabilityToken = () => randomBytes(32).toString('base64url')

describe.each(testDatabaseKinds())('what leaves the process on %s', (kind) => {
  let database: ChildDatabase | undefined
  let server: ChildServer | undefined
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined
  afterAll(async () => {
    await killChildServer(server)
    await database?.remove()
    await new Promise((resolve) => receiver?.server.close(resolve))
  })

  it('exported spans, request logs and metrics carry no capability: status and draft tokens, authorization guids, the sign-in return', async () => {
    receiver = await startReceiver()
    database = await createChildDatabase(kind)
    server = await startChildServer({
      ...database.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_SERVICE_NAME: 'pos-enrollment-test',
    })
    const status = capabilityToken()
    const upperStatus = capabilityToken()
    const secondStatus = capabilityToken()
    const draft = capabilityToken()
    const upperDraft = capabilityToken()
    const bareToken = capabilityToken()
    const guid = randomUUID()
    const upperGuid = randomUUID().toUpperCase()
    const pageGuid = randomUUID()
    const code = `code-${randomBytes(12).toString('hex')}`
    const state = `state-${randomBytes(12).toString('hex')}`
    const silentCode = `code-${randomBytes(12).toString('hex')}`
    const secrets = {
      status,
      upperStatus,
      secondStatus,
      draft,
      upperDraft,
      bareToken,
      guid,
      upperGuid,
      pageGuid,
      code,
      state,
      silentCode,
    }
    const paths = [
      `/api/status/${status}`,
      `/api/status/${status}/invoice`,
      `/chevy/enrollment/status/${status}`,
      `/API/STATUS/${upperStatus}`,
      `/chevy/enrollment/STATUS/${upperStatus}`,
      `/chevy/enrollment/status/${status}/status/${secondStatus}`,
      `/api/drafts?draft=${draft}&brand=chevy&form=lma`,
      `/chevy/enrollment/lma?draft=${draft}`,
      `/api/drafts?DRAFT=${upperDraft}&brand=chevy&form=lma`,
      `/chevy/enrollment/lma?auth=${guid}`,
      `/api/enrollments/${guid}`,
      `/api/enrollments/${upperGuid}`,
      `/chevy/enrollment/lma/${pageGuid}?AUTH=${pageGuid}`,
      `/chevy/enrollment/${bareToken}`,
      `/oidc?code=${code}&state=${state}`,
      `/oidc-silent.html?code=${silentCode}`,
    ]
    for (const path of paths) {
      const response = await fetch(`${server.url}${path}`)
      await response.arrayBuffer()
    }
    const metrics = await fetch(`${server.url}/metrics`)
    expect(metrics.status).toBe(200)
    const scrape = await metrics.text()
    // Shutting down sends the spans still waiting for their batch.
    server.signal('SIGTERM')
    expect(await server.exited).toEqual({ code: 0, signal: null })

    const where = {
      traces: receiver.bodies.join('\n').toLowerCase(),
      logs: server.logs
        .map((line) => JSON.stringify(line))
        .join('\n')
        .toLowerCase(),
      metrics: scrape.toLowerCase(),
    }
    const found = Object.entries(secrets).flatMap(([name, secret]) =>
      Object.entries(where)
        .filter(([, text]) => text.includes(secret.toLowerCase()))
        .map(([place]) => `${name} in ${place}`),
    )
    expect(found).toEqual([])

    // The requests were traced and logged, each with what identifies it (the route, the path).
    const traced = receiver.spans.filter((span) => span.scope === '@fastify/otel')
    expect(traced.map((span) => span.attributes['http.route'])).toContain('/api/status/:token')
    expect(traced.map((span) => span.attributes['url.path'])).toContain('/api/status/…')
    const loggedUrls = server.logs.flatMap((line) => {
      const request = line.req as { url?: string } | undefined
      return request?.url ? [request.url] : []
    })
    expect(loggedUrls).toContain('/oidc?code=…&state=…')
    expect(loggedUrls).toContain('/api/enrollments/…')
  }, 120_000)
})
