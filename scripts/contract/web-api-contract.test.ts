import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { registerApiDocs } from '../../server/http/openapi.js'
import { createTestApp, type TestApp } from '../../server/test-support/test-app.js'
import {
  checkWebCalls,
  firstDifference,
  handWrittenAnswers,
  inlined,
  type Json,
  productSources,
  type RouteRow,
  readRouteTable,
  type Source,
  sharedNames,
} from './web-api-contract.js'

/**
 * Issue 37, item 2: one contract from shared/ to the browser. The browser's routes are one table,
 * web/src/lib/api-routes.ts (route → the shared schema the server answers it with), and the
 * client's call() answers that schema's output. This holds the table to the OpenAPI document the
 * app builds (every row a route the server registers, its schema described exactly as the route's
 * answer), and web/ to the table: no API path or fetch outside it and the client, one call module
 * per route, no answer type written by hand, and no name that means a web call in web/ and a
 * server operation in server/.
 */

const ROOT = join(import.meta.dirname, '../..')
const TABLE = 'web/src/lib/api-routes.ts'
const CLIENTS = ['web/src/lib/api-client.ts', 'web/src/lib/api-files.ts']

type Operation = { responses: Record<string, { content?: Record<string, { schema: Json }> }> }
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Json } }

const table = readRouteTable({ file: TABLE, text: readFileSync(join(ROOT, TABLE), 'utf8') })
const web = productSources(ROOT, 'web/src')

/** The answer an operation declares for its one success status: its media type and schema. */
function success(operation: Operation | undefined) {
  const [, declared] =
    Object.entries(operation?.responses ?? {}).find(([status]) => /^2/.test(status)) ?? []
  const [mediaType, content] = Object.entries(declared?.content ?? {})[0] ?? []
  return { mediaType, schema: content?.schema }
}

/** The schema a row names, imported from shared/ as the server imports it. */
async function schemaOf(row: RouteRow): Promise<z.ZodType | undefined> {
  if (!row.schema) return undefined
  const file = join(ROOT, 'shared', `${row.schema.module.slice('@shared/'.length)}.ts`)
  const module = (await import(file)) as Record<string, z.ZodType>
  const schema = module[row.schema.name]
  if (!schema) return undefined
  const { z: zod } = await import('zod')
  return row.schema.list ? zod.array(schema) : schema
}

/**
 * The table's schemas described by the server's own document builder (registerApiDocs): an app
 * with one route per row, answering the schema the row names.
 */
async function tableDocument(rows: readonly RouteRow[]): Promise<Document> {
  const app = Fastify({ logger: false })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await registerApiDocs(app)
  for (const row of rows) {
    const schema = await schemaOf(row)
    if (!schema) continue
    app.route({
      method: row.method,
      url: row.path.replace(/\{(\w+)\}/g, ':$1'),
      schema: { response: { 200: schema } },
      handler: async () => ({}),
    })
  }
  await app.ready()
  const document = app.swagger() as unknown as Document
  await app.close()
  return document
}

describe('the web API contract', () => {
  let t: TestApp
  let served: Document
  let described: Document
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { mail: { worker: false } })
    served = (await t.app.inject('/api/openapi.json')).json()
    described = await tableDocument(table.rows)
  })
  afterAll(() => t.close())

  it('is one table of rows, each naming a schema of shared/', () => {
    expect(table.problems).toEqual([])
    expect(table.rows.length).toBeGreaterThan(30)
  })

  it('names only routes the server registers, each answered as the schema its row names', () => {
    const problems: string[] = []
    for (const row of table.rows) {
      const where = `${TABLE}:${row.line}: ${row.route}`
      const operation = served.paths[row.path]?.[row.method.toLowerCase()]
      if (!operation) {
        problems.push(`${where} is not a route the server registers (/api/openapi.json)`)
        continue
      }
      const server = success(operation)
      const table = success(described.paths[row.path]?.[row.method.toLowerCase()])
      if (!row.schema || !table.schema) {
        problems.push(`${where}: its schema could not be read`)
        continue
      }
      const difference = firstDifference(
        inlined(table.schema, described.components.schemas),
        inlined(server.schema, served.components.schemas),
      )
      if (server.mediaType !== 'application/json' || difference) {
        problems.push(
          `${where}: the server does not answer it with ${row.schema.list ? `a list of ${row.schema.name}` : row.schema.name} (${server.mediaType === 'application/json' ? `first difference, table ≠ server: ${difference}` : `it answers ${server.mediaType}`}): name the schema the route answers with`,
        )
      }
    }
    for (const route of table.fileRoutes) {
      const [method = '', path = ''] = route.split(' ')
      const operation = served.paths[path]?.[method.toLowerCase()]
      if (success(operation).schema?.format !== 'binary') {
        problems.push(
          `${TABLE}: ApiFileRoute ${route} is not a route the server answers with a file (/api/openapi.json)`,
        )
      }
    }
    expect(problems).toEqual([])
  })

  it('is how web/ calls the API: no API path or fetch elsewhere, one call module per route', () => {
    const routes = [...table.rows.map((row) => row.route), ...table.fileRoutes]
    expect(checkWebCalls(web, { file: TABLE, routes }, CLIENTS)).toEqual([])
  })

  it('leaves web/ no answer type to write by hand', () => {
    const answers = new Map<string, Set<string>>()
    const fieldsOf = (schema: unknown): Set<string> | undefined => {
      const object = schema as { type?: string; items?: unknown; properties?: Json } | undefined
      if (object?.type === 'array') return fieldsOf(object.items)
      return object?.properties ? new Set(Object.keys(object.properties)) : undefined
    }
    for (const [name, schema] of Object.entries(served.components.schemas)) {
      const fields = fieldsOf(inlined(schema, served.components.schemas))
      if (fields && name !== 'Problem') answers.set(name, fields)
    }
    for (const [path, methods] of Object.entries(served.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const fields = fieldsOf(inlined(success(operation).schema, served.components.schemas))
        if (fields) answers.set(`${method.toUpperCase()} ${path}`, fields)
      }
    }
    expect(handWrittenAnswers(web, answers)).toEqual([])
  })

  it('gives no name to both a web call and a server operation', () => {
    expect(sharedNames(web, productSources(ROOT, 'server'))).toEqual([])
  })
})

describe('the checks of the contract', () => {
  const source = (file: string, text: string): Source => ({ file, text })

  it('reads a row whose answer is not a shared schema as a problem', () => {
    const read = readRouteTable(
      source(
        TABLE,
        `import type { z } from 'zod'
import type { noteSchema } from '@shared/office/office-schemas'
export interface ApiRoutes {
  'GET /api/a': z.ZodArray<typeof noteSchema>
  'GET /api/b': { id: string }
}`,
      ),
    )
    expect(read.rows[0]?.schema).toEqual({
      name: 'noteSchema',
      module: '@shared/office/office-schemas',
      list: true,
    })
    expect(read.problems).toEqual([
      `${TABLE}:5: GET /api/b names its answer as { id: string }: name a schema of shared/ as \`typeof schema\` or \`z.ZodArray<typeof schema>\`, imported from @shared/…`,
    ])
  })

  it('finds an API path, a fetch and a route called from two modules', () => {
    const problems = checkWebCalls(
      [
        source(
          'web/src/a.ts',
          ["import { x } from './api/x'", "call('GET /api/a')", 'fetch(`/api/b/$' + '{id}`)'].join(
            '\n',
          ),
        ),
        source('web/src/b.tsx', `call('GET /api/a'); <form action="/api/c" />`),
      ],
      { file: TABLE, routes: ['GET /api/a', 'GET /api/d'] },
      CLIENTS,
    )
    expect(problems).toEqual([
      'web/src/a.ts:3: calls fetch: the API is called through web/src/lib/api-client.ts and web/src/lib/api-files.ts only',
      'web/src/a.ts:3: names an API path ("/api/b/"): add its route to web/src/lib/api-routes.ts and call it through web/src/lib/api-client.ts and web/src/lib/api-files.ts',
      'web/src/b.tsx:1: names an API path ("/api/c"): add its route to web/src/lib/api-routes.ts and call it through web/src/lib/api-client.ts and web/src/lib/api-files.ts',
      'GET /api/a is called from web/src/a.ts and web/src/b.tsx: one method per route, in one call module; the others call that method',
      `${TABLE}: GET /api/d: no web module calls it; remove the row`,
    ])
  })

  it('finds an answer written by hand, whole or in part, and under its own name', () => {
    const answers = new Map([
      ['RolloverResult', new Set(['from', 'to', 'created', 'skipped'])],
      ['DeletedEnrollment', new Set(['guid', 'status'])],
    ])
    const problems = handWrittenAnswers(
      [
        source(
          'web/src/a.ts',
          `export interface Counted { from: number; to: number; created: number; skipped: number }
export type RolloverResult = Pick<Shared, 'from'>
export function f(o: { from: number; created: number; skipped: number }) {}
export function g(): Promise<{ guid: string; status: string }> {}`,
        ),
      ],
      answers,
    )
    expect(problems).toEqual([
      'web/src/a.ts:1: Counted writes fields of the answer RolloverResult by hand (from, to, created, skipped): use the shared type, or Pick/Omit of it',
      'web/src/a.ts:2: declares RolloverResult, the name of an answer of /api/openapi.json: import the shared type',
      'web/src/a.ts:4: a type literal writes fields of the answer DeletedEnrollment by hand (guid, status): use the shared type, or Pick/Omit of it',
    ])
  })

  it('finds a web call named as a server operation', () => {
    const problems = sharedNames(
      [
        source(
          'web/src/a-calls.ts',
          `import { call } from '../lib/api-client'
import type { Note } from '@shared/x'
export function addNote() {}
export type { Note }`,
        ),
        source('web/src/view.tsx', 'export function addNote() {}'),
      ],
      [
        source(
          'server/office/notes.ts',
          'export async function addNote() {}\nexport type Note = 1',
        ),
      ],
    )
    expect(problems).toEqual([
      'web/src/a-calls.ts exports addNote, and so does server/office/notes.ts: a web call and a server operation share a name; name the web one after its route (get…, post…, put…)',
    ])
  })
})
