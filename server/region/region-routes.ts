import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { regionSchema } from '../../shared/region/region.js'
import { createRegionRepository } from './region-repository.js'

export const regionRoutes: FastifyPluginAsync = async (app) => {
  const regions = createRegionRepository(app.database.db)
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/regions',
      { schema: { response: { 200: z.array(regionSchema) } } },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300')
        return regions.list()
      },
    )
}
