/**
 * What start-up must leave unloaded, and the npm packages among the modules a process loaded:
 * server/start-up.test.ts checks the server run from its sources, scripts/build's bundle test
 * the bundle `npm start` runs.
 */

/**
 * Packages that few requests need, each a large module graph: loading them at start-up made
 * the server slow to start and large when idle (docs/performance.md). They load on first use.
 */
export const ON_FIRST_USE = [
  'exceljs',
  'pdfkit',
  'oidc-provider',
  'koa',
  'nodemailer',
  'smtp-server',
  'postal-mime',
  'ioredis',
  'prom-client',
]

export const isOpenTelemetry = (name: string) =>
  name.startsWith('@opentelemetry/') || name === '@fastify/otel'

/** The npm packages among module URLs or paths, one a line. */
export function packagesIn(modules: string): Set<string> {
  const names = new Set<string>()
  for (const module of modules.split('\n')) {
    const match = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(module)
    if (match?.[1]) names.add(match[1])
  }
  return names
}
