import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { regionSchema } from '../../shared/region/region.js'
import { problemResponses } from '../http/openapi-schemas.js'
import type { RegionRepository } from './region-repository.js'

export const regionRoutes: FastifyPluginAsync<{ context: { regions: RegionRepository } }> = async (
  app,
  { context: { regions } },
) => {
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
