import type { FastifyPluginAsync } from 'fastify'
import { toPublicConfig } from './public-config.js'

export const publicConfigRoutes: FastifyPluginAsync = async (app) => {
  const body = toPublicConfig(app.config)
  app.get('/config', async (_request, reply) => {
    reply.header('cache-control', 'no-cache')
    return body
  })
}
