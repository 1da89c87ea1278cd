import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  deletedEnrollmentSchema,
  enrollmentHistoryItemSchema,
  storedEnrollmentSchema,
} from '../../shared/enrollment/enrollment-wire-schema.js'
import { declineBody, reasonBody } from '../../shared/office/office-schemas.js'
import { noFields, prepareAdminRoutes, staffOf } from '../auth/admin-routes-support.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import { approveEnrollment } from './approve-enrollment.js'
import { declineEnrollment } from './decline-enrollment.js'
import { deleteEnrollment } from './delete-enrollment.js'
import type { EnrollmentContext } from './enrollment-context.js'
import { toWire } from './enrollment-mapping.js'
import { findEnrollmentHistory } from './find-enrollment-history.js'
import { editedEnrollmentBody, guidParams } from './public-enrollment-routes.js'
import { reauthorizeEnrollment } from './reauthorize-enrollment.js'
import { updateEnrollment } from './update-enrollment.js'

const admin = { tags: ['Admin'], security: adminSecurity }
const enrollmentAnswers = { 200: storedEnrollmentSchema, ...problemResponses }

const historyRoute = {
  ...admin,
  summary: 'What happened to an enrollment, oldest first; kept after a delete',
  params: guidParams,
  response: { 200: z.array(enrollmentHistoryItemSchema), ...problemResponses },
}

const updateRoute = {
  ...admin,
  summary: 'Save Changes: replace an enrollment’s content',
  params: guidParams,
  body: editedEnrollmentBody,
  response: enrollmentAnswers,
}

const approveRoute = {
  ...admin,
  summary: 'Approve an enrollment',
  params: guidParams,
  body: noFields,
  response: enrollmentAnswers,
}

/** Re-authorize takes an optional reason, kept in the history. */
const reauthorizeRoute = {
  ...admin,
  summary: 'Send an LMA enrollment back to its representative',
  params: guidParams,
  body: reasonBody,
  response: enrollmentAnswers,
}

/** Decline takes an optional reason, kept in the history, and may show it on the status page. */
const declineRoute = {
  ...admin,
  summary:
    'Decline an enrollment; its reason shown on the status page only when shareReason is true',
  params: guidParams,
  body: declineBody,
  response: enrollmentAnswers,
}

const deleteRoute = {
  ...admin,
  summary: 'Delete an enrollment; its history stays',
  params: guidParams,
  body: noFields,
  response: { 200: deletedEnrollmentSchema, ...problemResponses },
}

/** The admin area's enrollment calls (docs/product.md#api); every one needs an administrator's ID token. */
export const adminEnrollmentRoutes: FastifyPluginAsync<{ context: EnrollmentContext }> = async (
  app,
  { context },
) => {
  prepareAdminRoutes(app)
  const view = app.allow('view')
  const change = app.allow('change')
  const api = app.withTypeProvider<ZodTypeProvider>()
  const noStore = { 'cache-control': 'no-store' }

  api.get(
    '/enrollments/:guid/history',
    { schema: historyRoute, onRequest: view },
    async (request, reply) => {
      reply.headers(noStore)
      return findEnrollmentHistory(context, request.params.guid, staffOf(request).scope)
    },
  )

  api.post(
    '/enrollments/:guid/update',
    { schema: updateRoute, onRequest: change },
    async (request) =>
      toWire(await updateEnrollment(context, request.params.guid, request.body, staffOf(request))),
  )

  api.post(
    '/enrollments/:guid/approve',
    { schema: approveRoute, onRequest: change },
    async (request) =>
      toWire(await approveEnrollment(context, request.params.guid, staffOf(request))),
  )

  api.post(
    '/enrollments/:guid/re-authorize',
    { schema: reauthorizeRoute, onRequest: change },
    async (request) =>
      toWire(
        await reauthorizeEnrollment(
          context,
          request.params.guid,
          staffOf(request),
          request.body?.reason,
        ),
      ),
  )

  api.post(
    '/enrollments/:guid/decline',
    { schema: declineRoute, onRequest: change },
    async (request) =>
      toWire(
        await declineEnrollment(context, request.params.guid, staffOf(request), {
          reason: request.body?.reason,
          shareReason: request.body?.shareReason,
        }),
      ),
  )

  api.post(
    '/enrollments/:guid/delete',
    { schema: deleteRoute, onRequest: app.allow('delete') },
    async (request) => deleteEnrollment(context, request.params.guid, staffOf(request)),
  )
}
