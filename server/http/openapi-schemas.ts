import type { FastifyReply, FastifySchemaCompiler } from 'fastify'
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { problemSchema } from '../../shared/http/problem-schema.js'

const problemContent = {
  content: { 'application/problem+json': { schema: problemSchema } },
}

/** Every error answer is a problem (RFC 9457): declared once for a route's 4xx and 5xx. */
export const problemResponses = {
  '4xx': { description: 'The request was refused; `detail` says why.', ...problemContent },
  '5xx': { description: 'The server or its database failed.', ...problemContent },
} as const

/**
 * A download: its content type and that its body is a file. The handler answers a buffer or a
 * stream (never serialized), or the reply that is already streaming it.
 */
export function fileResponse(contentType: string, description: string) {
  const file = z
    .custom<Buffer | NodeJS.ReadableStream | FastifyReply>()
    .meta({ type: 'string', format: 'binary' })
  return { description, content: { [contentType]: { schema: file } } }
}

/** Admin calls carry an administrator's OpenID Connect ID token as a bearer token. */
export const adminSecurity = [{ bearerIdToken: [] }]

/**
 * Bodies whose operation checks them itself (with the same shared schema), because its field
 * errors are keyed as the form shows them (`dealers[0].bac`) and some checks need the stored
 * enrollment first. Declared on the route for the document; not checked twice.
 */
const checkedByOperation = new WeakSet<object>()

export function bodyCheckedByOperation<T extends object>(schema: T): T {
  checkedByOperation.add(schema)
  return schema
}

export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) =>
  checkedByOperation.has(route.schema) ? (value) => ({ value }) : zodValidatorCompiler(route)

/** JSON text of a value of type T, as the database wrote it. */
export type JsonText<T> = string & { readonly __json?: T }

/**
 * The admin list is JSON written by the database and sent as it is (Fastify writes a string
 * unchanged); typed as what it holds so the route's declared schema still checks the handler.
 */
export function preSerialized<T>(json: JsonText<T>): T {
  return json as unknown as T
}

/**
 * The same JSON already encoded for the wire (UTF-8, gzip or brotli bytes, its Content-Encoding
 * set): Fastify sends a Buffer unchanged.
 */
export function preEncoded<T>(body: Buffer): T {
  return body as unknown as T
}
