import fastJson from 'fast-json-stringify'
import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bacLookupResultSchema,
  lmaLookupResultSchema,
} from '../../shared/enrollment/enrollment-wire-schema.js'
import { chooseEncoding } from '../http/encoded-answers.js'
import { preEncoded, problemResponses } from '../http/openapi-schemas.js'
import { serializedSchema } from '../http/openapi-serializer.js'
import { queryText } from '../http/query-text.js'
import { clientLimits } from '../rate-limit/client-limits.js'
import { type BacSuggestionTimes, createBacSuggestions } from './bac-suggestions.js'
import type { LookupRepository } from './lookup-repository.js'

const lookupQuery = z.object({
  value: queryText('value', 100),
  brand: queryText('brand', 20).optional(),
})

/**
 * Type-ahead starts after more than 2 characters. Its answers hold last year's contact names,
 * emails and phones (the forms fill them in), so no cache keeps them (docs/security.md).
 */
const MIN_LOOKUP_LENGTH = 3

const tags = ['Enrollment']

const bacLookupRoute = {
  summary: 'Dealers whose BAC starts with the value, with their last answers',
  tags,
  querystring: lookupQuery,
  response: { 200: z.array(bacLookupResultSchema), ...problemResponses },
}

const lmaLookupRoute = {
  summary: 'Earlier years’ LMAs whose name holds the value',
  tags,
  querystring: lookupQuery,
  response: { 200: z.array(lmaLookupResultSchema), ...problemResponses },
}

export interface TypeAheadRouteOptions {
  /** The look-ups' repository, of the app's context. */
  context: { lookups: LookupRepository }
  /** How old the BAC type-ahead's directory may be; tests set 0 to read through every time. */
  bacSuggestionTimes?: BacSuggestionTimes
}

/**
 * The public forms' type-ahead (docs/product.md#type-ahead): dealers by the start of their BAC,
 * answered from the directory this process holds (bac-suggestions.ts), and earlier years' LMAs
 * by a part of their name. Counted with the look-ups' per-client limit.
 */
export const typeAheadRoutes: FastifyPluginAsync<TypeAheadRouteOptions> = async (app, options) => {
  const { lookups } = options.context
  const { config } = app
  const serializeSuggestions = fastJson(serializedSchema(bacLookupRoute.response[200]))
  const bacSuggestions = createBacSuggestions({
    load: lookups.loadDealerSuggestions,
    version: lookups.dealerSuggestionsVersion,
    serialize: (found) => serializeSuggestions(found),
    beforeYear: config.ENROLLMENT_YEAR,
    times: options.bacSuggestionTimes,
    onBackgroundError: (error) =>
      app.log.warn({ err: error }, 'the BAC type-ahead could not reload the dealer directory'),
  })
  const lookupLimit = clientLimits(config).lookups
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/enrollments/autocomplete/bac',
    { schema: bacLookupRoute, config: lookupLimit },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const value = request.query.value.trim()
      if (value.length < MIN_LOOKUP_LENGTH) return []
      // Kept as sent, serialized and encoded (bac-suggestions.ts): the compress plugin leaves an
      // answer with a Content-Encoding alone, and sends one without it as it is.
      const wanted =
        request.headers['x-no-compression'] === undefined
          ? chooseEncoding(request.headers['accept-encoding'])
          : 'identity'
      const answer = await bacSuggestions.answer(value, wanted)
      reply.type('application/json; charset=utf-8')
      if (answer.encoding !== 'identity') {
        reply.header('vary', 'accept-encoding').header('content-encoding', answer.encoding)
      }
      return reply.send(preEncoded(answer.body))
    },
  )

  api.get(
    '/enrollments/autocomplete/lma-name',
    { schema: lmaLookupRoute, config: lookupLimit },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const value = request.query.value.trim()
      if (value.length < MIN_LOOKUP_LENGTH) return []
      return lookups.findLmasByName(
        value,
        config.ENROLLMENT_YEAR,
        request.query.brand?.toLowerCase(),
      )
    },
  )
}
