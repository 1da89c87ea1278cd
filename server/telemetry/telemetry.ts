import type { DatabaseKind } from '../db/database.js'

/** Tracing that runs: flushed and stopped at shutdown. */
export interface Telemetry {
  shutdown(): Promise<void>
}

export interface TelemetryOptions {
  /** OTEL_EXPORTER_OTLP_ENDPOINT; unset, nothing of OpenTelemetry is loaded. */
  endpoint: string | undefined
  serviceName: string
  /** PostgreSQL's queries are traced too; PGlite's are not (no driver to instrument). */
  database: DatabaseKind
}

/**
 * Starts OpenTelemetry tracing when an OTLP endpoint is configured: a span for each request
 * (@fastify/otel) and, on PostgreSQL, for each query made during one (the pg instrumentation).
 * Without an endpoint it answers null and imports nothing, so start-up and memory stay as they
 * are (server/start-up.test.ts). Call it before the database is opened and the app is built:
 * the instrumentations patch `pg` when it is loaded and Fastify when an instance is created.
 */
export async function startTelemetry(options: TelemetryOptions): Promise<Telemetry | null> {
  if (!options.endpoint) return null
  const { startTracing } = await import('./tracing.js')
  return startTracing(options)
}
