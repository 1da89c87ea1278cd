import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AppError } from '../http/app-error.js'
import { queryText } from '../http/query-text.js'
import { authorizeEnrollment } from './authorize-enrollment.js'
import { createEnrollmentContext } from './enrollment-context.js'
import { toReceipt, toWire } from './enrollment-mapping.js'
import { createLookupRepository } from './lookup-repository.js'
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

export const publicEnrollmentRoutes: FastifyPluginAsync = async (app) => {
  const context = createEnrollmentContext(app.database.db, app.config, app.mail)
  const lookups = createLookupRepository(app.database.db)
  const { config } = app
  const submitLimit = { rateLimit: { max: config.RATE_LIMIT_SUBMISSIONS, timeWindow: '1 minute' } }
  const lookupLimit = { rateLimit: { max: config.RATE_LIMIT_LOOKUPS, timeWindow: '1 minute' } }
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.post('/enrollments', { config: submitLimit }, async (request, reply) => {
    const enrollment = await submitEnrollment(context, request.body)
    return reply.code(201).send(toReceipt(enrollment))
  })

  api.get(
    '/enrollments/autocomplete/bac',
    { schema: { querystring: lookupQuery }, config: lookupLimit },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const value = request.query.value.trim()
      if (value.length < MIN_LOOKUP_LENGTH) return []
      return lookups.findDealersByBacPrefix(value, config.ENROLLMENT_YEAR)
    },
  )

  api.get(
    '/enrollments/autocomplete/lma-name',
    { schema: { querystring: lookupQuery }, config: lookupLimit },
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

  api.get('/enrollments/:guid', { schema: { params: guidParams } }, async (request, reply) => {
    const enrollment = await context.enrollments.findByGuid(request.params.guid)
    if (!enrollment) throw AppError.notFound('There is no enrollment with this id.')
    reply.header('cache-control', 'no-store')
    return toWire(enrollment)
  })

  api.post(
    '/enrollments/:guid/authorize',
    { schema: { params: guidParams }, config: submitLimit },
    async (request) => {
      const enrollment = await authorizeEnrollment(context, request.params.guid, request.body)
      return toWire(enrollment)
    },
  )
}
