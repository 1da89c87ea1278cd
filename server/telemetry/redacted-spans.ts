import type { ExportResult } from '@opentelemetry/core'
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace'
import { redactAttributes, redactUrl } from '../http/redaction.js'

/**
 * The exporter every span leaves through (tracing.ts): it hands the OTLP exporter a copy of each
 * span whose name, attributes (`url.path`, `url.query`, `http.*` and the rest: a query's SQL, an
 * exception's message and stack), status message, events and links' attributes went through
 * redactUrl, as the request log's URL does (server/http/redaction.ts). A copy, not a change
 * made while the span ends: what the instrumentations set at any time is covered, and a span
 * another processor holds stays as it was.
 */
export class RedactingSpanExporter implements SpanExporter {
  constructor(private readonly otlp: SpanExporter) {}

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.otlp.export(spans.map(redactedSpan), resultCallback)
  }

  shutdown(): Promise<void> {
    return this.otlp.shutdown()
  }

  forceFlush(): Promise<void> {
    return this.otlp.forceFlush?.() ?? Promise.resolve()
  }
}

export function redactedSpan(span: ReadableSpan): ReadableSpan {
  const status =
    span.status.message === undefined
      ? span.status
      : { ...span.status, message: redactUrl(span.status.message) }
  return {
    name: redactUrl(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status,
    attributes: redactAttributes(span.attributes),
    links: span.links.map((link) =>
      link.attributes ? { ...link, attributes: redactAttributes(link.attributes) } : link,
    ),
    events: span.events.map((event) => ({
      ...event,
      name: redactUrl(event.name),
      ...(event.attributes ? { attributes: redactAttributes(event.attributes) } : {}),
    })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  }
}
