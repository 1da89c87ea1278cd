import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { submissionReceiptSchema } from '../../shared/enrollment/enrollment-wire-schema.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { createResponseChecker, documentPath } from '../test-support/response-conformance.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { isDescribed, registeredRoutes } from './openapi.js'
import { serializerCompiler } from './openapi-serializer.js'

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>
  requestBody?: { content: Record<string, unknown> }
  parameters?: Array<{ in: string; name: string }>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown> }
}

describe('the OpenAPI document and its reference page', () => {
  let t: AdminTestApp
  let document: Document
  beforeAll(async () => {
    t = await createAdminTestApp('pglite', {}, { mail: { worker: false } })
    const response = await t.app.inject('/api/openapi.json')
    expect(response.statusCode).toBe(200)
    document = response.json()
  })
  afterAll(() => t.close())

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    const result = await new Validator().validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('describes every API route the server registers, and leaves out only its own page and the development helpers', () => {
    const routes = registeredRoutes(t.app)
    expect(routes.length).toBeGreaterThan(0)
    const missing = routes
      .filter((route) => isDescribed(route.url))
      .filter((route) => !document.paths[documentPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`)
    expect(missing).toEqual([])
    const left = routes.filter((route) => !isDescribed(route.url)).map((route) => route.url)
    for (const url of left) expect(url).toMatch(/^\/(api\/docs|api\/openapi\.json|dev\/|dev-oidc)/)
    const operations = Object.values(document.paths).flatMap((path) => Object.keys(path))
    expect(operations).toHaveLength(routes.filter((route) => isDescribed(route.url)).length)
  })

  it('declares for every operation its answer and its problem answers', () => {
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const where = `${method} ${path}`
        const success = Object.keys(operation.responses).filter((code) => /^2/.test(code))
        expect(success, where).toHaveLength(1)
        for (const family of ['4XX', '5XX']) {
          expect(operation.responses[family]?.content?.['application/problem+json'], where).toEqual(
            { schema: { $ref: '#/components/schemas/Problem' } },
          )
        }
        const named = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
        expect(named.sort(), where).toEqual(
          [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort(),
        )
        if (method === 'post' && !path.endsWith('/approve') && !path.endsWith('/decline')) {
          expect(operation.requestBody, where).toBeDefined()
        }
      }
    }
  })

  it('declares the headers the admin list answers, which a client sends back: ETag and List-Cursor', async () => {
    const declared = document.paths['/api/enrollments']?.get?.responses['200'] as {
      headers?: Record<string, { schema: { type: string } }>
    }
    expect(Object.keys(declared.headers ?? {}).sort()).toEqual(['ETag', 'List-Cursor'])
    const list = await t.asAdmin({ url: '/api/enrollments' })
    expect(list.statusCode).toBe(200)
    for (const name of Object.keys(declared.headers ?? {})) {
      expect(list.headers[name.toLowerCase()], name).toEqual(expect.any(String))
    }
  })

  it('describes the enrollment body with the shared validation schema: a dealer or an LMA enrollment', () => {
    const body = document.paths['/api/enrollments']?.post?.requestBody?.content[
      'application/json'
    ] as {
      schema: { oneOf: Array<{ properties: Record<string, { enum?: string[]; items?: unknown }> }> }
    }
    const types = body.schema.oneOf.map((variant) => variant.properties.type?.enum)
    expect(types).toEqual([['Dealer'], ['Lma']])
    // The rows of the list, not "an array of anything" (the schema counts rows before reading them).
    for (const variant of body.schema.oneOf) {
      const dealers = variant.properties.dealers as { items?: { properties?: object } }
      expect(Object.keys(dealers.items?.properties ?? {})).toEqual(
        expect.arrayContaining(['bac', 'name', 'kitSize', 'hispanic']),
      )
    }
    // Named once each, as the answers use them.
    expect(Object.keys(document.components.schemas).sort()).toEqual(
      expect.arrayContaining(['DealerEntry', 'Enrollment', 'Invoice', 'Problem']),
    )
    expect(
      Object.keys(document.components.schemas).filter((name) => name.endsWith('Input')),
    ).toEqual([])
  })

  it('serves a reference page whose scripts and styles all come from this server, under the site CSP', async () => {
    const page = await t.app.inject('/api/docs')
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    const csp = String(page.headers['content-security-policy'])
    expect(csp).toContain("script-src 'self';")
    expect(csp).toContain("style-src 'self';")
    expect(csp).not.toContain('unsafe-inline')
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(page.body).not.toMatch(/<style|\sstyle=/)
    const assets = [...page.body.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    )
    expect(assets.length).toBeGreaterThanOrEqual(4)
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\/static\//)
      const response = await t.app.inject(asset)
      expect(response.statusCode, asset).toBe(200)
      expect(response.headers['content-type'], asset).toMatch(
        /^(application\/javascript|text\/css|image\/png)/,
      )
    }
    // The page loads the document from beside it.
    const initializer = await t.app.inject('/api/docs/static/swagger-initializer.js')
    expect(initializer.body).toContain("resolveUrl('./json')")
    const json = await t.app.inject('/api/docs/json')
    expect(json.json()).toEqual(document)
  })

  it('answers of the API calls match their declared schemas', async () => {
    const check = createResponseChecker(document as unknown as Record<string, unknown>)
    const seen: string[] = []
    const call = async (
      method: 'GET' | 'POST',
      url: string,
      route: string,
      options: { payload?: object; admin?: boolean } = {},
    ) => {
      const inject = options.admin ? t.asAdmin : t.app.inject.bind(t.app)
      const response = await inject({ method, url, payload: options.payload })
      seen.push(`${method} ${route} ${response.statusCode}`)
      const mismatch = check(
        method,
        route,
        response.statusCode,
        String(response.headers['content-type']),
        response.body,
      )
      expect(mismatch).toBeUndefined()
      return response
    }
    await call('GET', '/healthz', '/healthz')
    await call('GET', '/readyz', '/readyz')
    await call('GET', '/api/config', '/api/config')
    await call('GET', '/api/regions', '/api/regions')
    const lma = await call('POST', '/api/enrollments', '/api/enrollments', {
      payload: lmaEnrollment(2),
    })
    const stored = await loadByReceipt(t, lma.json())
    const dealer = await loadByReceipt(
      t,
      (
        await call('POST', '/api/enrollments', '/api/enrollments', { payload: dealerEnrollment() })
      ).json(),
    )
    await call('POST', '/api/enrollments', '/api/enrollments', { payload: { type: 'Lma' } })
    await call('GET', `/api/enrollments/${stored.guid}`, '/api/enrollments/:guid')
    await call('GET', '/api/enrollments/not-a-guid', '/api/enrollments/:guid')
    const bac = dealer.dealers[0]?.bac.slice(0, 4) ?? ''
    await call(
      'GET',
      `/api/enrollments/autocomplete/bac?value=${bac}`,
      '/api/enrollments/autocomplete/bac',
    )
    await call(
      'GET',
      `/api/enrollments/autocomplete/lma-name?value=${encodeURIComponent(stored.lma?.name ?? '')}`,
      '/api/enrollments/autocomplete/lma-name',
    )
    await call('GET', `/api/enrollments?year=${stored.year}`, '/api/enrollments', { admin: true })
    await call('GET', '/api/enrollments', '/api/enrollments')
    await call(
      'POST',
      `/api/enrollments/${stored.guid}/approve`,
      '/api/enrollments/:guid/approve',
      {
        admin: true,
      },
    )
    await call('GET', `/api/invoices/${stored.guid}`, '/api/invoices/:guid', { admin: true })
    await call('GET', `/api/invoices/${stored.guid}/pdf`, '/api/invoices/:guid/pdf', {
      admin: true,
    })
    await call('GET', `/api/enrollments/${stored.guid}/history`, '/api/enrollments/:guid/history', {
      admin: true,
    })
    await call('POST', `/api/enrollments/${dealer.guid}/delete`, '/api/enrollments/:guid/delete', {
      admin: true,
    })
    await call('POST', '/api/rollover', '/api/rollover', {
      payload: { to: stored.year + 1 },
      admin: true,
    })
    expect(seen).toContain('GET /api/enrollments/:guid 400')
    expect(seen).toContain('GET /api/enrollments 401')
    expect(seen).toContain('POST /api/rollover 200')
  })

  it('reports an answer that differs from its schema', () => {
    const check = createResponseChecker(document as unknown as Record<string, unknown>)
    const json = 'application/json; charset=utf-8'
    expect(check('GET', '/api/regions', 200, json, '[{"id":"one","name":"North"}]')).toMatch(
      /GET \/api\/regions 200: .*must be integer/,
    )
    expect(check('GET', '/api/regions', 302, json, '[]')).toMatch(/undeclared status/)
    expect(check('GET', '/api/regions', 200, 'text/html', '[]')).toMatch(/undeclared content type/)
  })
})

describe('the response serializer', () => {
  it('writes only what the schema names', () => {
    const write = serializerCompiler({
      schema: submissionReceiptSchema,
      method: 'POST',
      url: '/api/enrollments',
      httpStatus: '201',
    })
    const receipt = {
      reference: 'ABCD-EFGH-JKLM',
      status: 'Approving',
      type: 'Dealer',
      brand: 'gm',
      year: 2025,
    }
    const written = JSON.parse(
      write({ ...receipt, guid: '6f1c…', id: '42', lma: { authEmailAddress: 'a@b.c' } }),
    )
    expect(written).toEqual(receipt)
  })
})
