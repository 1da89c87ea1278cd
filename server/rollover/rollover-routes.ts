import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { rollOverYear } from './roll-over-year.js'

const body = z.object({
  to: z.number({ error: 'The year to re-enroll into is required.' }).int().min(2000).max(2100),
})

/** POST /api/rollover { to }: the administrators' button for DESIGN.md §10. */
export const rolloverRoutes: FastifyPluginAsync = async (app) => {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/rollover', { schema: { body }, preHandler: app.requireAdmin }, async (request) =>
      rollOverYear(app.database.db, request.body.to, request.admin?.username ?? 'administrator'),
    )
}
