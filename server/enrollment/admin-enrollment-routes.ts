import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AdminIdentity } from '../auth/admin-identity.js'
import { SIGN_IN_MESSAGE } from '../auth/auth-plugin.js'
import { AppError } from '../http/app-error.js'
import { approveEnrollment } from './approve-enrollment.js'
import { declineEnrollment } from './decline-enrollment.js'
import { deleteEnrollment } from './delete-enrollment.js'
import { createEnrollmentContext } from './enrollment-context.js'
import { enrollmentListQuery } from './enrollment-list-query.js'
import { toWire } from './enrollment-mapping.js'
import { findEnrollmentHistory } from './find-enrollment-history.js'
import { findEnrollments } from './find-enrollments.js'
import { guidParams } from './public-enrollment-routes.js'
import { reauthorizeEnrollment } from './reauthorize-enrollment.js'
import { updateEnrollment } from './update-enrollment.js'

/** The status actions take no input: no body, {} or null; anything else is refused. */
const noFields = z
  .strictObject({}, { error: 'This action takes no fields: send an empty body or {}.' })
  .nullish()

function adminOf(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new AppError(401, SIGN_IN_MESSAGE)
  return request.admin
}

/** The admin area's enrollment calls (SPEC.md §7); every one needs an administrator's ID token. */
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

  api.get(
    '/enrollments',
    { schema: { querystring: enrollmentListQuery } },
    async (request, reply) => {
      reply.headers(noStore).type('application/json; charset=utf-8')
      return findEnrollments(context, request.query)
    },
  )

  api.get(
    '/enrollments/:guid/history',
    { schema: { params: guidParams } },
    async (request, reply) => {
      reply.headers(noStore)
      return findEnrollmentHistory(context, request.params.guid)
    },
  )

  api.post('/enrollments/:guid/update', { schema: { params: guidParams } }, async (request) =>
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
      { schema: { params: guidParams, body: noFields } },
      async (request) => toWire(await action(context, request.params.guid, adminOf(request))),
    )
  }

  api.post(
    '/enrollments/:guid/delete',
    { schema: { params: guidParams, body: noFields } },
    async (request) => deleteEnrollment(context, request.params.guid, adminOf(request)),
  )
}
