import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { rolloverResultSchema } from '../../shared/rollover/rollover-schema.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import { type RolloverContext, rollOverYear } from './roll-over-year.js'

const YEAR_MESSAGE = 'The year to re-enroll into must be a year between 2000 and 2100.'

/** Only `to`: a field this call does not know is refused, not ignored. */
const body = z.strictObject(
  {
    to: z
      .number({ error: 'The year to re-enroll into is required.' })
      .int(YEAR_MESSAGE)
      .min(2000, YEAR_MESSAGE)
      .max(2100, YEAR_MESSAGE),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'Only the field to may be sent.'
        : 'The body must be a JSON object with the field to.',
  },
)

const rolloverRoute = {
  summary: 'Copy last year’s approved enrollments into a year, as Approving',
  tags: ['Admin'],
  security: adminSecurity,
  body,
  response: { 200: rolloverResultSchema, ...problemResponses },
}

/** POST /api/rollover { to }: the administrators' button for the rollover (docs/product.md#rollover). */
export const rolloverRoutes: FastifyPluginAsync<{ context: RolloverContext }> = async (
  app,
  { context },
) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      '/rollover',
      { schema: rolloverRoute, onRequest: [app.requireStaff, app.allow('rollover')] },
      async (request) =>
        rollOverYear(context, request.body.to, request.staff?.username ?? 'administrator'),
    )
}
