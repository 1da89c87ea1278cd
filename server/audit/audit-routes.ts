import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { auditTrailSchema } from '../../shared/audit/audit-schema.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import { yearQueryParam } from '../http/query-text.js'
import type { AuditRepository } from './audit-repository.js'

export const auditQuery = z.object({ year: yearQueryParam() })

const auditRoute = {
  summary: 'The audit trail of a year: exports, reports, bulk actions, invitations, payments',
  tags: ['Admin'],
  security: adminSecurity,
  querystring: auditQuery,
  response: { 200: auditTrailSchema, ...problemResponses },
}

/** GET /api/audit?year= (docs/product.md#audit-trail), for administrators. */
export const auditRoutes: FastifyPluginAsync<{ context: { audit: AuditRepository } }> = async (
  app,
  { context },
) => {
  const repository = context.audit
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/audit',
      { schema: auditRoute, onRequest: [app.requireStaff, app.allow('audit')] },
      async (request, reply) => {
        const year = request.query.year ?? app.config.ENROLLMENT_YEAR
        reply.header('cache-control', 'no-store')
        return { year, entries: await repository.listByYear(year) }
      },
    )
}
