import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { dashboardSchema } from '../../shared/dashboard/dashboard-schema.js'
import { staffOf } from '../auth/admin-routes-support.js'
import { adminSecurity, problemResponses } from '../http/openapi-schemas.js'
import type { RegionRepository } from '../region/region-repository.js'
import { brandFilter, yearBrandQuery } from './dashboard-query.js'
import type { DashboardRepository } from './dashboard-repository.js'
import { findDashboard } from './find-dashboard.js'

const dashboardRoute = {
  summary: 'The figures of a year beside last year’s at the same day of the program',
  description: 'A regional manager’s figures count their regions’ enrollments only.',
  tags: ['Admin'],
  security: adminSecurity,
  querystring: yearBrandQuery,
  response: { 200: dashboardSchema, ...problemResponses },
}

/**
 * GET /api/dashboard?year=&brand= (docs/product.md#dashboard): every role sees it, a regional
 * manager with their regions' figures only.
 */
export const dashboardRoutes: FastifyPluginAsync<{
  context: { dashboard: DashboardRepository; regions: RegionRepository }
}> = async (app, options) => {
  const context = {
    dashboard: options.context.dashboard,
    regions: options.context.regions,
    calendar: app.config.programCalendar,
  }
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/dashboard',
      { schema: dashboardRoute, onRequest: [app.requireStaff, app.allow('view')] },
      async (request, reply) => {
        reply.header('cache-control', 'no-store')
        return findDashboard(context, {
          year: request.query.year ?? app.config.ENROLLMENT_YEAR,
          brand: brandFilter(app.config.BRANDS, request.query.brand),
          enrollmentScope: staffOf(request).scope,
        })
      },
    )
}
