import { randomUUID } from 'node:crypto'
import { SpanStatusCode } from '@opentelemetry/api'
import {
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  TracerProvider,
} from '@opentelemetry/sdk-trace'
import { afterEach, describe, expect, it } from 'vitest'
import { mintCapability } from '../capability/capability-token.js'
import { RedactingSpanExporter } from './redacted-spans.js'

describe('RedactingSpanExporter', () => {
  const exported = new InMemorySpanExporter()
  const provider = new TracerProvider({
    spanProcessors: [new SimpleSpanProcessor({ exporter: new RedactingSpanExporter(exported) })],
  })
  afterEach(() => exported.reset())

  it("exports each span's name, attributes, status, events and links without a capability", () => {
    const { token } = mintCapability()
    const guid = randomUUID()
    const tracer = provider.getTracer('test')
    const linked = tracer.startSpan('linked')
    linked.end()
    const span = tracer.startSpan(`GET /api/status/${token}`, {
      attributes: { 'url.path': `/chevy/enrollment/lma?auth=${guid}`, 'url.query': `auth=${guid}` },
      links: [{ context: linked.spanContext(), attributes: { from: `/api/enrollments/${guid}` } }],
    })
    span.setAttribute('http.url', `http://localhost/api/drafts?draft=${token}`)
    span.recordException(new Error(`No enrollment ${guid} at /api/status/${token}`))
    span.setStatus({ code: SpanStatusCode.ERROR, message: `No enrollment ${guid}` })
    span.end()

    const [, redacted] = exported.getFinishedSpans()
    const { name, attributes, status, events, links } = redacted ?? {}
    const text = JSON.stringify({ name, attributes, status, events, links })
    expect(text).not.toContain(token)
    expect(text).not.toContain(guid)
    expect(redacted?.name).toBe('GET /api/status/…')
    expect(redacted?.attributes).toEqual({
      'url.path': '/chevy/enrollment/lma?auth=…',
      'url.query': 'auth=…',
      'http.url': 'http://localhost/api/drafts?draft=…',
    })
    expect(redacted?.status).toEqual({ code: SpanStatusCode.ERROR, message: 'No enrollment …' })
    expect(redacted?.events[0]?.attributes?.['exception.message']).toBe(
      'No enrollment … at /api/status/…',
    )
    expect(redacted?.links[0]?.attributes).toEqual({ from: '/api/enrollments/…' })
    // The span itself is the same: its ids, its times, its resource and scope.
    const original = span as unknown as ReadableSpan
    expect(redacted?.spanContext()).toEqual(span.spanContext())
    expect(redacted?.startTime).toEqual(original.startTime)
    expect(redacted?.resource).toBe(original.resource)
    expect(redacted?.instrumentationScope).toBe(original.instrumentationScope)
  })
})
