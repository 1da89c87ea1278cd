import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  markdownSection,
  markdownTables,
  repositoryDocument,
} from '../test-support/markdown-tables.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'

type Document = { paths: Record<string, Record<string, { security?: unknown[] }>> }

/**
 * Who may call a route, as docs/product.md's API table says: the first four need no token; the
 * operator's is METRICS_TOKEN (or, without it, a loopback client).
 */
const WITHOUT_TOKEN = [
  'public',
  'holder of the guid',
  'holder of a status link',
  'holder of the draft link',
]
const WITH_TOKEN = [
  'every role',
  'administrator, regional manager',
  'administrator, read-only',
  'administrator',
  'anyone signed in',
  'operator',
  'every role, the vendor',
  'administrator, the vendor',
]

const unquote = (cell: string | undefined) => (cell ?? '').replaceAll('`', '').trim()

/** The API table of docs/product.md as `{ route: 'GET /api/...', who }` rows. */
function documentedRoutes(): Array<{ route: string; who: string }> {
  const api = markdownSection(repositoryDocument('docs/product.md'), '## API')
  const table = markdownTables(api).find((t) => unquote(t.header[0]) === 'method')
  expect(table?.header, 'the API table has the columns method, path, who, what').toEqual([
    'method',
    'path',
    'who',
    'what',
  ])
  return (table?.rows ?? []).map((cells) => ({
    route: `${unquote(cells[0])} ${unquote(cells[1])}`,
    who: unquote(cells[2]),
  }))
}

describe("docs/product.md's API table", () => {
  let t: TestApp
  let document: Document
  beforeAll(async () => {
    t = await createTestApp('pglite', {}, { mail: { worker: false } })
    document = (await t.app.inject('/api/openapi.json')).json()
  })
  afterAll(() => t.close())

  /** Every operation the server registers and describes, as `GET /api/enrollments/{guid}`. */
  const registered = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    )

  it('names every route the server registers, once, and no route it does not', () => {
    const documented = documentedRoutes().map((row) => row.route)
    expect(registered().filter((route) => !documented.includes(route))).toEqual([])
    expect(documented.filter((route) => !registered().includes(route))).toEqual([])
    expect(documented.filter((route, index) => documented.indexOf(route) !== index)).toEqual([])
  })

  it('says who may call each route as the route checks it: a token exactly where one is needed', () => {
    const wrong = documentedRoutes().flatMap(({ route, who }) => {
      const [method = '', path = ''] = route.split(' ')
      const operation = document.paths[path]?.[method.toLowerCase()]
      if (!operation) return []
      const needsToken = (operation.security ?? []).length > 0
      const allowed = needsToken ? WITH_TOKEN : WITHOUT_TOKEN
      return allowed.includes(who) ? [] : [`${route}: '${who}'`]
    })
    expect(wrong).toEqual([])
  })
})
