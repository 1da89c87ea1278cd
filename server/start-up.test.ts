import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { afterAll, describe, expect, it } from 'vitest'
import { type ChildDatabase, createChildDatabase } from './test-support/faults/child-database.js'
import {
  type ChildServer,
  killChildServer,
  startChildServer,
} from './test-support/faults/child-server.js'
import { markdownSection, repositoryDocument } from './test-support/markdown-tables.js'
import { isOpenTelemetry, ON_FIRST_USE, packagesIn } from './test-support/on-first-use.js'
import { testDatabaseKinds } from './test-support/test-database.js'

const RECORDER = fileURLToPath(new URL('./test-support/record-modules.mjs', import.meta.url))

/**
 * The steps `main()` of server/main.ts takes, in order: the calls in its own body (not in a
 * callback, not an argument of another call) of a function main.ts imports or declares, and
 * the app's `listen`.
 */
function startUpSteps(): string[] {
  const path = fileURLToPath(new URL('./main.ts', import.meta.url))
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest)
  const own = new Set<string>()
  let main: ts.FunctionDeclaration | undefined
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && !statement.importClause?.isTypeOnly) {
      const bindings = statement.importClause?.namedBindings
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if (!element.isTypeOnly) own.add(element.name.text)
        }
      }
    }
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      own.add(statement.name.text)
      if (statement.name.text === 'main') main = statement
    }
  }
  const steps: string[] = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return
    if (ts.isCallExpression(node)) {
      const callee = node.expression
      if (ts.isIdentifier(callee) && own.has(callee.text)) steps.push(callee.text)
      else if (ts.isPropertyAccessExpression(callee) && callee.name.text === 'listen') {
        steps.push('listen')
      }
      ts.forEachChild(callee, visit)
      return
    }
    ts.forEachChild(node, visit)
  }
  if (main?.body) ts.forEachChild(main.body, visit)
  return steps
}

describe("ARCHITECTURE.md's start-up order", () => {
  it('names the steps main() takes, in its order', () => {
    const section = markdownSection(repositoryDocument('ARCHITECTURE.md'), '## Start-up')
    // Each numbered step opens with the call it names: "3. `startTelemetry()`, only with ...".
    const documented = [...section.matchAll(/^\d+\. `(\w+)\(\)`/gm)].map((match) => match[1])
    expect(startUpSteps()).toContain('listen')
    expect(documented).toEqual(startUpSteps())
  })
})

describe.each(testDatabaseKinds())('start-up on %s', (kind) => {
  let database: ChildDatabase | undefined
  let server: ChildServer | undefined
  const folder = mkdtempSync(join(tmpdir(), 'pos-start-up-'))
  afterAll(async () => {
    await killChildServer(server)
    await database?.remove()
    rmSync(folder, { recursive: true, force: true })
  })

  it('loads neither the report, invoice, sign-in, mail and metrics libraries nor the demo data generator until a request needs them, nor OpenTelemetry without its variable', async () => {
    database = await createChildDatabase(kind)
    // The first start seeds the demo data; a restart finds them there.
    // Reminders off: the demo's older Authorizing LMAs would otherwise be reminded at once, and
    // sending mail at start-up loads the mail libraries (rightly).
    const quiet = { DEMO_DATA: 'true', REMINDER_AFTER_DAYS: '0' }
    const first = await startChildServer({ ...database.env, ...quiet })
    first.signal('SIGTERM')
    expect(await first.exited).toEqual({ code: 0, signal: null })

    const recorded = join(folder, 'modules.txt')
    server = await startChildServer({
      ...database.env,
      ...quiet,
      NODE_OPTIONS: `--import=${RECORDER}`,
      RECORD_MODULES_FILE: recorded,
    })
    const loaded = () => readFileSync(recorded, 'utf8')
    const atStart = packagesIn(loaded())
    expect(atStart.has('fastify')).toBe(true) // the recorder sees the server's packages
    expect(ON_FIRST_USE.filter((name) => atStart.has(name))).toEqual([])
    expect(atStart.has(kind === 'pglite' ? 'pg' : '@electric-sql/pglite')).toBe(false)
    expect(loaded()).not.toContain('/demo-data/generate-demo-data')
    // Without OTEL_EXPORTER_OTLP_ENDPOINT, nothing of OpenTelemetry (server/telemetry/).
    expect([...atStart].filter(isOpenTelemetry)).toEqual([])
    expect(loaded()).not.toContain('/telemetry/tracing')

    // The development sign-in builds its provider on the first request that needs it.
    const discovery = await fetch(`${server.url}/dev-oidc/.well-known/openid-configuration`)
    expect(discovery.status).toBe(200)
    expect(((await discovery.json()) as { issuer: string }).issuer).toMatch(/\/dev-oidc$/)
    expect(packagesIn(loaded()).has('oidc-provider')).toBe(true)

    // The metrics load prom-client on the first scrape (or once enough counts wait for it).
    const metrics = await fetch(`${server.url}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('pos_http_request_duration_seconds_count{')
    expect(packagesIn(loaded()).has('prom-client')).toBe(true)
  }, 120_000)
})
