import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../http/app-error.js'
import type { AdminIdentity } from './admin-identity.js'
import { SIGN_IN_MESSAGE } from './auth-plugin.js'

/** The status actions take no input: no body, {} or null; anything else is refused. */
export const noFields = z
  .strictObject({}, { error: 'This action takes no fields: send an empty body or {}.' })
  .nullish()

/** The administrator a route's onRequest hook (requireAdmin) let through. */
export function adminOf(request: FastifyRequest): AdminIdentity {
  if (!request.admin) throw new AppError(401, SIGN_IN_MESSAGE)
  return request.admin
}

/**
 * The common set-up of an admin route plugin: every call needs an administrator's ID token,
 * checked before the body is read or the query checked (a stranger learns nothing but 401);
 * actions may be posted with an empty body whatever content type the client names.
 */
export function prepareAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', app.requireAdmin)
  const json = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (text === '') return done(null, undefined)
    return json(request, text, done)
  })
}
