import fastJson from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify'
import { z } from 'zod'

type JsonSchema = Record<string, unknown>

/**
 * Answers are written by fast-json-stringify from the JSON Schema of their zod response schema:
 * a property the schema does not name is never written, whatever the handler returned.
 * Fastify asks for every route's serializers at start-up; each is compiled when its first
 * answer is written instead, so start-up does not compile the ones it never needs
 * (docs/decisions.md).
 */
export const serializerCompiler: FastifySerializerCompiler<z.core.$ZodType> = ({ schema }) => {
  let serialize: ((data: unknown) => string) | undefined
  return (data) => {
    serialize ??= fastJson(serializedSchema(schema))
    return serialize(data)
  }
}

/** The output side of a zod schema, every part inlined, in a draft fast-json-stringify reads. */
export function serializedSchema(schema: z.core.$ZodType): JsonSchema {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, {
    io: 'output',
    target: 'draft-07',
    unrepresentable: 'any',
    // Named schemas would become $refs; the serializer wants them inline.
    metadata: z.registry(),
  }) as JsonSchema
  return withoutClosedObjects(json) as JsonSchema
}

/**
 * fast-json-stringify already leaves out unnamed properties; `additionalProperties: false` would
 * only make an object inside anyOf (a nullable object) fail to match and the answer a 500.
 */
function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects)
  if (value === null || typeof value !== 'object') return value
  const out: JsonSchema = {}
  for (const [key, child] of Object.entries(value)) {
    if (key === 'additionalProperties' && child === false) continue
    out[key] = withoutClosedObjects(child)
  }
  return out
}
