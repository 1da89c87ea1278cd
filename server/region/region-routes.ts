import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { regionSchema } from '../../shared/region/region.js'
import { problemResponses } from '../http/openapi-schemas.js'
import { createRegionRepository } from './region-repository.js'

export const regionRoutes: FastifyPluginAsync = async (app) => {
  const regions = createRegionRepository(app.database.db)
  app.withTypeProvider<ZodTypeProvider>().get(
    '/regions',
    {
      schema: {
        summary: 'The regions an enrollment can name',
        tags: ['Program'],
        response: { 200: z.array(regionSchema), ...problemResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300')
      return regions.list()
    },
  )
}
