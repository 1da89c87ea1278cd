import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { sessionSchema } from '../../shared/auth/session-schema.js'
import { AppError } from '../http/app-error.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import { bearerToken } from './bearer-token.js'

const sessionRoute = {
  tags: ['Admin'],
  security: adminSecurity,
  summary: 'Who the ID token signs in, their role and a regional manager’s regions',
  response: { 200: sessionSchema, ...problemResponses },
}

/**
 * `GET /api/session`: any valid ID token of the authority gets 200 (with a role or not); without
 * one, 401. The admin area asks it first, so that a user without a role sees why instead of an
 * empty list, and the header says the role.
 */
export const sessionRoutes: FastifyPluginAsync = async (app) => {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.get('/session', { schema: sessionRoute }, async (request, reply) => {
    try {
      const { identity, staff } = await app.sessionFromToken(
        bearerToken(request.headers.authorization),
        request,
      )
      reply.header('cache-control', 'no-store')
      return {
        username: identity.username,
        name: identity.name,
        role: staff?.role ?? null,
        regions: [...(staff?.regions ?? [])],
      }
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        reply.header('www-authenticate', 'Bearer')
      }
      throw error
    }
  })
}
