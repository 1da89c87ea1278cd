import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifyInstance } from 'fastify'

type Json = Record<string, unknown>

/** `/api/enrollments/:guid` → `/api/enrollments/{guid}`, as the document names paths. */
export function documentPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}

/**
 * Checks answers against the OpenAPI document the app serves: the schema declared for the
 * route, status and content type. A JSON answer that does not match, or a status the route does
 * not declare, is a mismatch; file bodies (format binary) are not read.
 */
export function createResponseChecker(document: Json) {
  const ajv = new Ajv2020({ allErrors: true, strict: false })
  addFormats.default(ajv)
  ajv.addSchema({ $id: 'openapi.json', components: document.components })
  const compiled = new Map<string, ValidateFunction | null>()
  const paths = (document.paths ?? {}) as Record<string, Record<string, Json>>

  const validatorFor = (operation: Json, status: number, mediaType: string) => {
    const responses = (operation.responses ?? {}) as Record<string, Json>
    const declared =
      responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default
    if (!declared) return 'undeclared status' as const
    const content = (declared.content ?? {}) as Record<string, { schema?: Json }>
    const schema = (content[mediaType] ?? content['*/*'])?.schema
    if (!schema) return `undeclared content type ${mediaType}` as const
    if (schema.format === 'binary') return null
    return schema
  }

  /** The mismatch in words, or undefined when the answer is what the document says. */
  return function check(
    method: string,
    url: string,
    status: number,
    contentType: string,
    body: string,
  ): string | undefined {
    const operation = paths[documentPath(url)]?.[method.toLowerCase()]
    if (!operation) return undefined
    const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
    const schema = validatorFor(operation, status, mediaType)
    if (schema === null) return undefined
    const where = `${method} ${url} ${status}`
    if (typeof schema === 'string') return `${where}: ${schema}`
    const key = `${method} ${url} ${status} ${mediaType}`
    let validate = compiled.get(key)
    if (validate === undefined) {
      const rebased = JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'),
      )
      validate = ajv.compile(rebased)
      compiled.set(key, validate)
    }
    let value: unknown
    try {
      value = JSON.parse(body)
    } catch {
      return `${where}: the body is not JSON`
    }
    if (validate?.(value)) return undefined
    return `${where}: ${ajv.errorsText(validate?.errors)}`
  }
}

/**
 * Makes every answer of the app checked against its document (API tests): mismatches are
 * collected, and the test app's close() fails with them.
 */
export function checkResponsesAgainstDocument(app: FastifyInstance): string[] {
  const mismatches: string[] = []
  let check: ReturnType<typeof createResponseChecker> | undefined
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url
    if (!url || request.method === 'HEAD' || typeof payload !== 'string') return payload
    check ??= createResponseChecker(app.swagger() as unknown as Json)
    const contentType = String(reply.getHeader('content-type') ?? '')
    const mismatch = check(request.method, url, reply.statusCode, contentType, payload)
    if (mismatch) mismatches.push(mismatch)
    return payload
  })
  return mismatches
}
