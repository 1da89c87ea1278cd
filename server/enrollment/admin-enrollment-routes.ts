import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  deletedEnrollmentSchema,
  enrollmentHistoryItemSchema,
  enrollmentListItemSchema,
  storedEnrollmentSchema,
} from '../../shared/enrollment/enrollment-wire-schema.js'
import type { AdminIdentity } from '../auth/admin-identity.js'
import { SIGN_IN_MESSAGE } from '../auth/auth-plugin.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, preSerialized, problemResponses } from '../http/openapi-schemas.js'
import { approveEnrollment } from './approve-enrollment.js'
import { declineEnrollment } from './decline-enrollment.js'
import { deleteEnrollment } from './delete-enrollment.js'
import { createEnrollmentContext } from './enrollment-context.js'
import { enrollmentListQuery } from './enrollment-list-query.js'
import { toWire } from './enrollment-mapping.js'
import { findEnrollmentHistory } from './find-enrollment-history.js'
import { findEnrollments } from './find-enrollments.js'
import { editedEnrollmentBody, guidParams } from './public-enrollment-routes.js'
import { reauthorizeEnrollment } from './reauthorize-enrollment.js'
import { updateEnrollment } from './update-enrollment.js'

/** The status actions take no input: no body, {} or null; anything else is refused. */
const noFields = z
  .strictObject({}, { error: 'This action takes no fields: send an empty body or {}.' })
  .nullish()

const admin = { tags: ['Admin'], security: adminSecurity }
const enrollmentAnswers = { 200: storedEnrollmentSchema, ...problemResponses }

const listRoute = {
  ...admin,
  summary: 'The enrollments of a year, newest change first',
  querystring: enrollmentListQuery,
  response: { 200: z.array(enrollmentListItemSchema), ...problemResponses },
}

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

const actionRoute = (summary: string) => ({
  ...admin,
  summary,
  params: guidParams,
  body: noFields,
  response: enrollmentAnswers,
})

const deleteRoute = {
  ...admin,
  summary: 'Delete an enrollment; its history stays',
  params: guidParams,
  body: noFields,
  response: { 200: deletedEnrollmentSchema, ...problemResponses },
}

const ACTION_SUMMARIES: Record<string, string> = {
  approve: 'Approve an enrollment',
  're-authorize': 'Send an LMA enrollment back to its representative',
  decline: 'Decline an enrollment',
}

function adminOf(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new AppError(401, SIGN_IN_MESSAGE)
  return request.admin
}

/** The admin area's enrollment calls (docs/product.md#api); every one needs an administrator's ID token. */
export const adminEnrollmentRoutes: FastifyPluginAsync = async (app) => {
  const context = createEnrollmentContext(app.database.db, app.config, app.mail)
  // Before the body is read or the query checked: a stranger learns nothing but 401.
  app.addHook('onRequest', app.requireAdmin)
  // The actions are posted with an empty body, whatever content type the client names.
  const json = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (text === '') return done(null, undefined)
    return json(request, text, done)
  })
  const api = app.withTypeProvider<ZodTypeProvider>()
  const noStore = { 'cache-control': 'no-store' }

  api.get('/enrollments', { schema: listRoute }, async (request, reply) => {
    reply.headers(noStore).type('application/json; charset=utf-8')
    return preSerialized(await findEnrollments(context, request.query))
  })

  api.get('/enrollments/:guid/history', { schema: historyRoute }, async (request, reply) => {
    reply.headers(noStore)
    return findEnrollmentHistory(context, request.params.guid)
  })

  api.post('/enrollments/:guid/update', { schema: updateRoute }, async (request) =>
    toWire(await updateEnrollment(context, request.params.guid, request.body, adminOf(request))),
  )

  const actions = {
    approve: approveEnrollment,
    're-authorize': reauthorizeEnrollment,
    decline: declineEnrollment,
  }
  for (const [path, action] of Object.entries(actions)) {
    api.post(
      `/enrollments/:guid/${path}`,
      { schema: actionRoute(ACTION_SUMMARIES[path] ?? path) },
      async (request) => toWire(await action(context, request.params.guid, adminOf(request))),
    )
  }

  api.post('/enrollments/:guid/delete', { schema: deleteRoute }, async (request) =>
    deleteEnrollment(context, request.params.guid, adminOf(request)),
  )
}
