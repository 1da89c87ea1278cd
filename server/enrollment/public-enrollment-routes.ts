import fastJson from 'fast-json-stringify'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type EnrollmentScope, inScope } from '../../shared/auth/staff-role.js'
import { submitQuerySchema } from '../../shared/enrollment/draft-schema.js'
import { enrollmentSchema } from '../../shared/enrollment/enrollment-schema.js'
import {
  bacLookupResultSchema,
  linkedEnrollmentSchema,
  lmaLookupResultSchema,
  submissionReceiptSchema,
} from '../../shared/enrollment/enrollment-wire-schema.js'
import { bearerToken } from '../auth/bearer-token.js'
import { AppError } from '../http/app-error.js'
import { chooseEncoding } from '../http/encoded-answers.js'
import { bodyCheckedByOperation, preEncoded, problemResponses } from '../http/openapi-schemas.js'
import { serializedSchema } from '../http/openapi-serializer.js'
import { queryText } from '../http/query-text.js'
import { clientKey } from '../rate-limit/client-key.js'
import { clientLimits } from '../rate-limit/client-limits.js'
import { authorizeEnrollment } from './authorize-enrollment.js'
import { type BacSuggestionTimes, createBacSuggestions } from './bac-suggestions.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { toReceipt } from './enrollment-mapping.js'
import { NO_ENROLLMENT_MESSAGE } from './enrollment-scope.js'
import { toLinkedEnrollment } from './linked-enrollment.js'
import type { LookupRepository } from './lookup-repository.js'
import { submitEnrollment } from './submit-enrollment.js'

export const guidParams = z.object({
  guid: z.uuid({ error: 'The enrollment id is not valid.' }),
})

const lookupQuery = z.object({
  value: queryText('value', 100),
  brand: queryText('brand', 20).optional(),
})

/**
 * Type-ahead starts after more than 2 characters. Its answers hold last year's contact names,
 * emails and phones (the forms fill them in), so no cache keeps them (docs/security.md).
 */
const MIN_LOOKUP_LENGTH = 3

/** A new enrollment, and one as edited (the region required, with the version it was loaded at). */
export const newEnrollmentBody = bodyCheckedByOperation(enrollmentSchema({ mode: 'new' }))
export const editedEnrollmentBody = bodyCheckedByOperation(enrollmentSchema({ mode: 'edit' }))

const tags = ['Enrollment']

const submitRoute = {
  summary: 'Submit a dealer or LMA enrollment',
  description:
    'With `?draft=`, the saved draft the form was reopened from is deleted with the submission.',
  tags,
  querystring: submitQuerySchema,
  body: newEnrollmentBody,
  response: { 201: submissionReceiptSchema, ...problemResponses },
}

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

const enrollmentRoute = {
  summary: 'An enrollment, opened by the link mailed to its representative',
  tags,
  params: guidParams,
  response: { 200: linkedEnrollmentSchema, ...problemResponses },
}

const authorizeRoute = {
  summary: 'The representative authorizes an LMA enrollment',
  tags,
  params: guidParams,
  body: editedEnrollmentBody,
  response: { 200: linkedEnrollmentSchema, ...problemResponses },
}

export interface PublicEnrollmentRouteOptions {
  context: EnrollmentContext & { lookups: LookupRepository }
  /** How old the BAC type-ahead's directory may be; tests set 0 to read through every time. */
  bacSuggestionTimes?: BacSuggestionTimes
}

export const publicEnrollmentRoutes: FastifyPluginAsync<PublicEnrollmentRouteOptions> = async (
  app,
  options,
) => {
  const { context } = options
  const { lookups } = context
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
  const limits = clientLimits(config)
  const submitLimit = limits.submissions
  const lookupLimit = limits.lookups
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/enrollments', { schema: submitRoute, config: submitLimit }, async (request, reply) => {
    const enrollment = await submitEnrollment(
      context,
      request.body,
      request.query.draft,
      clientKey(request.ip),
    )
    return reply.code(201).send(toReceipt(enrollment))
  })

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

  api.get('/enrollments/:guid', { schema: enrollmentRoute }, async (request, reply) => {
    const enrollment = await context.enrollments.findByGuid(request.params.guid)
    if (!enrollment) throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    // The admin dialog reads with this call too: with a staff token, the staff's scope applies
    // (another region's enrollment answers as one that does not exist), as on every admin route.
    const scope = await staffScope(request)
    if (scope && !inScope(scope, enrollment.regionId)) {
      throw AppError.notFound(NO_ENROLLMENT_MESSAGE)
    }
    reply.header('cache-control', 'no-store')
    return toLinkedEnrollment(context, enrollment)
  })

  /**
   * The scope of the staff whose token the request carries; none without one, or with a token
   * that does not verify or names no role: then the call is the authorization link's public read.
   */
  async function staffScope(request: FastifyRequest): Promise<EnrollmentScope | undefined> {
    const token = bearerToken(request.headers.authorization)
    if (!token) return undefined
    try {
      return (await app.staffFromToken(token, request)).scope
    } catch (error) {
      if (error instanceof AppError && (error.status === 401 || error.status === 403)) {
        return undefined
      }
      throw error
    }
  }

  api.post(
    '/enrollments/:guid/authorize',
    { schema: authorizeRoute, config: submitLimit },
    async (request) => {
      const enrollment = await authorizeEnrollment(context, request.params.guid, request.body)
      return toLinkedEnrollment(context, enrollment)
    },
  )
}
