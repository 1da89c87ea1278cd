import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod'
import { z } from 'zod'

/** Where the document and its reference page are served. */
export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PATH = '/api/docs'

export interface RegisteredRoute {
  method: string
  url: string
}

const registered = new WeakMap<FastifyInstance, RegisteredRoute[]>()

/** Every route registered on the app (HEAD routes Fastify adds for GET left out). */
export function registeredRoutes(app: FastifyInstance): readonly RegisteredRoute[] {
  return registered.get(app) ?? []
}

/** The API's own calls and the health probes are described; the SPA, the reference page and the development helpers are not. */
export function isDescribed(url: string): boolean {
  if (url === '/healthz' || url === '/readyz' || url === '/metrics') return true
  if (url === OPENAPI_PATH || url === API_DOCS_PATH || url.startsWith(`${API_DOCS_PATH}/`))
    return false
  return url.startsWith('/api/')
}

type JsonSchema = Record<string, unknown>

/**
 * A list the shared schemas count before reading its rows (a pipe from an array of anything to
 * an array of rows) is described by its rows, not as an array of anything.
 */
function describeCountedRows(ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonSchema }): void {
  const def = ctx.zodSchema._zod.def
  const items = ctx.jsonSchema.items
  if (def.type !== 'pipe' || ctx.jsonSchema.type !== 'array' || !isEmptyObject(items)) return
  const rows = z.toJSONSchema((def as z.core.$ZodPipeDef).out, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'any',
  })
  if (rows.type === 'array' && rows.items) ctx.jsonSchema.items = rows.items
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0
}

const zodTransform = createJsonSchemaTransform({
  skipList: [],
  zodToJsonConfig: { override: describeCountedRows },
})

/** The named schemas the document refers to; every named schema is registered twice (input, output). */
function withUsedSchemasOnly<T extends object>(document: T): T {
  const { components, ...rest } = document as { components?: { schemas?: JsonSchema } }
  const schemas = components?.schemas ?? {}
  const used = new Set<string>()
  let pending = JSON.stringify(rest)
  while (pending) {
    const found = [...pending.matchAll(/"#\/components\/schemas\/([^"]+)"/g)]
      .map((match) => match[1] ?? '')
      .filter((name) => !used.has(name))
    for (const name of found) used.add(name)
    pending = found.map((name) => JSON.stringify(schemas[name] ?? {})).join('')
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)))
  return { ...document, components: { ...components, schemas: kept } }
}

/**
 * The OpenAPI 3.1 document, built from the routes' zod schemas, at /api/openapi.json, and a
 * Swagger UI reference page at /api/docs whose scripts and styles are served from this origin
 * (the site's CSP holds). Registered before the routes, so that it sees all of them.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  const routes: RegisteredRoute[] = []
  registered.set(app, routes)
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url })
    }
  })

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dealer Funded POS Program API',
        description:
          'Enrollment of dealers and LMAs in the point-of-sale kit program. Every error answers `application/problem+json` (RFC 9457).',
        version: '1',
      },
      tags: [
        { name: 'Enrollment', description: 'The public forms and the authorization link.' },
        { name: 'Admin', description: 'The admin area: needs an administrator’s ID token.' },
        { name: 'Reports', description: 'Excel downloads, posted by a form.' },
        { name: 'Program', description: 'What the browser needs to know about the deployment.' },
        { name: 'Health', description: 'Probes for the load balancer.' },
      ],
      components: {
        securitySchemes: {
          bearerIdToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'The OpenID Connect ID token of an administrator.',
          },
          metricsToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'METRICS_TOKEN, for GET /metrics; without it set, /metrics answers loopback clients only.',
          },
        },
      },
    },
    transform: (input) =>
      isDescribed(input.url) ? zodTransform(input) : { schema: { hide: true }, url: input.url },
    transformObject: (input) => withUsedSchemasOnly(jsonSchemaTransformObject(input)),
  })

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return app.swagger()
  })

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PATH,
    theme: { title: 'API reference - Dealer Funded POS Program' },
    uiConfig: { deepLinking: true, docExpansion: 'list', tryItOutEnabled: false },
  })
}
