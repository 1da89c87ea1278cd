import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  invitationResultSchema,
  notReEnrolledSchema,
} from '../../shared/re-enrollment/not-re-enrolled-schema.js'
import { staffOf } from '../auth/admin-routes-support.js'
import { brandFilter } from '../dashboard/dashboard-query.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import { notReEnrolledQuery, regionFilter } from './not-re-enrolled-query.js'
import { type ReEnrollmentContext, sendInvitations } from './send-invitations.js'

const admin = { tags: ['Admin'], security: adminSecurity }
export const MAX_INVITATIONS = 500

const invitationBody = z.strictObject(
  {
    guids: z
      .array(z.uuid({ error: 'Each id must be an enrollment id.' }), {
        error: 'guids must be a list of enrollment ids.',
      })
      .min(1, 'Choose at least one enrollment to invite.')
      .max(MAX_INVITATIONS, `At most ${MAX_INVITATIONS} invitations can be sent at once.`),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only the field guids may be sent.'
        : 'The body must be a JSON object with the field guids.',
  },
)

/** docs/product.md#not-yet-re-enrolled: the list, and invitations to enroll again. */
export const reEnrollmentRoutes: FastifyPluginAsync<{ context: ReEnrollmentContext }> = async (
  app,
  { context },
) => {
  const { notReEnrolled: repository } = context
  app.addHook('onRequest', app.requireStaff)
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/re-enrollment',
    {
      onRequest: app.allow('view'),
      schema: {
        ...admin,
        summary: 'Last year’s approved dealers and LMAs with no enrollment in a year',
        description:
          'A regional manager gets their regions’ only; a region filter naming another region is a 400.',
        querystring: notReEnrolledQuery,
        response: { 200: notReEnrolledSchema, ...problemResponses },
      },
    },
    async (request, reply) => {
      const year = request.query.year ?? app.config.ENROLLMENT_YEAR
      const { scope } = staffOf(request)
      const items = await repository.find({
        scope,
        year,
        brand: brandFilter(app.config.BRANDS, request.query.brand),
        regionId: await regionFilter(context.regions, request.query.region, scope),
        type: request.query.type,
      })
      reply.header('cache-control', 'no-store')
      return { year, invitable: year === app.config.ENROLLMENT_YEAR, items }
    },
  )

  api.post(
    '/re-enrollment/invitations',
    {
      onRequest: app.allow('change'),
      schema: {
        ...admin,
        summary: 'Invite last year’s approved enrollments to enroll in the enrollment year',
        description:
          'A regional manager’s request that names an enrollment outside their regions sends nothing: 400.',
        body: invitationBody,
        response: { 200: invitationResultSchema, ...problemResponses },
      },
    },
    async (request) => sendInvitations(context, request.body.guids, staffOf(request)),
  )
}
