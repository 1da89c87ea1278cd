import { FastifyOtelInstrumentation } from '@fastify/otel'
import { context, propagation, trace } from '@opentelemetry/api'
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks'
import { W3CTraceContextPropagator } from '@opentelemetry/core'
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { type Instrumentation, registerInstrumentations } from '@opentelemetry/instrumentation'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace'
import type { DatabaseKind } from '../db/database.js'
import { RedactingSpanExporter } from './redacted-spans.js'

const SHUTDOWN_FLUSH_MS = 3000

/** The probes answer every few seconds and say nothing a trace would. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz'])

/**
 * The tracer provider, exporting in batches over OTLP/HTTP (JSON) to the endpoint the standard
 * OTEL_EXPORTER_OTLP_* variables name; only telemetry.ts imports this module, when tracing is on.
 * Every span is exported through RedactingSpanExporter: its name and attributes without the
 * capabilities a URL may carry (server/http/redaction.ts, as the request log).
 */
export async function startTracing(options: {
  serviceName: string
  database: DatabaseKind
}): Promise<{ shutdown(): Promise<void> }> {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
  // A caller's `traceparent` (a load balancer, another service) makes a request its child.
  propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new RedactingSpanExporter(new OTLPTraceExporter()) }),
    ],
  })
  trace.setGlobalTracerProvider(provider)

  const instrumentations: Instrumentation[] = [
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      ignorePaths: (route) => UNTRACED_PATHS.has(route.url),
    }),
  ]
  if (options.database === 'postgres') {
    const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg')
    // Queries outside a request (the mail worker's polling, the scheduler) would each be a
    // trace of their own, every few seconds: only a request's queries are traced.
    instrumentations.push(new PgInstrumentation({ requireParentSpan: true }))
  }
  const unregister = registerInstrumentations({ instrumentations, tracerProvider: provider })

  return {
    // The last batch, waiting for the collector no longer than SHUTDOWN_FLUSH_MS: shutdown
    // must end well within main.ts's 10 s, however slow the collector.
    shutdown: async () => {
      unregister()
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        provider.shutdown().catch(() => {}),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS)
        }),
      ])
      clearTimeout(timer)
    },
  }
}
