import type { FastifyPluginAsync } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { publicConfigSchema } from '../../shared/config/public-config-schema.js'
import { problemResponses } from '../http/openapi-schemas.js'
import { toPublicConfig } from './public-config.js'

const configRoute = {
  summary: 'The program’s settings the browser needs',
  tags: ['Program'],
  response: { 200: publicConfigSchema, ...problemResponses },
}

export const publicConfigRoutes: FastifyPluginAsync = async (app) => {
  const body = toPublicConfig(app.config)
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/config', { schema: configRoute }, async (_request, reply) => {
      reply.header('cache-control', 'no-cache')
      return body
    })
}
