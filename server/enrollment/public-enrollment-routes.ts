import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { type EnrollmentScope, inScope } from '../../shared/auth/staff-role.js'
import { submitQuerySchema } from '../../shared/enrollment/draft-schema.js'
import { enrollmentSchema } from '../../shared/enrollment/enrollment-schema.js'
import {
  linkedEnrollmentSchema,
  submissionReceiptSchema,
} from '../../shared/enrollment/enrollment-wire-schema.js'
import { bearerToken } from '../auth/bearer-token.js'
import { AppError } from '../http/app-error.js'
import { bodyCheckedByOperation, problemResponses } from '../http/openapi-schemas.js'
import { clientKey } from '../rate-limit/client-key.js'
import { clientLimits } from '../rate-limit/client-limits.js'
import { authorizeEnrollment } from './authorize-enrollment.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { toReceipt } from './enrollment-mapping.js'
import { NO_ENROLLMENT_MESSAGE } from './enrollment-scope.js'
import { toLinkedEnrollment } from './linked-enrollment.js'
import { submitEnrollment } from './submit-enrollment.js'

export const guidParams = z.object({
  guid: z.uuid({ error: 'The enrollment id is not valid.' }),
})

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

/**
 * The public enrollment calls (docs/product.md#api): a submission, and the enrollment its
 * authorization link opens and authorizes. Counted with the submissions' per-client limit.
 */
export const publicEnrollmentRoutes: FastifyPluginAsync<{ context: EnrollmentContext }> = async (
  app,
  { context },
) => {
  const submitLimit = clientLimits(app.config).submissions
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
