import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { AppError } from '../http/app-error.js'
import { SIGN_IN_MESSAGE, type Staff } from './auth-plugin.js'

/** The status actions take no input: no body, {} or null; anything else is refused. */
export const noFields = z
  .strictObject({}, { error: 'This action takes no fields: send an empty body or {}.' })
  .nullish()

/** The signed-in user a route's onRequest hook (requireStaff) let through. */
export function staffOf(request: FastifyRequest): Staff {
  if (!request.staff) throw new AppError(401, SIGN_IN_MESSAGE)
  return request.staff
}

/**
 * The common set-up of an admin route plugin: every call needs the ID token of a user with a
 * role, checked before the body is read or the query checked (a stranger learns nothing but
 * 401), and each route says what it does with `onRequest: app.allow(ability)`; actions may be
 * posted with an empty body whatever content type the client names.
 */
export function prepareAdminRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', app.requireStaff)
  const json = app.getDefaultJsonParser('error', 'error')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body)
    if (text === '') return done(null, undefined)
    return json(request, text, done)
  })
}
