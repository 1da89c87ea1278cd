import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

export interface WebPluginOptions {
  root: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a browser navigation to a client-side route with the SPA's index.html. */
    sendSpa(request: FastifyRequest, reply: FastifyReply): boolean
  }
}

const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { root }) => {
  const indexHtml = readFileSync(join(root, 'index.html'))
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, path) => {
      const immutable = path.includes('/assets/')
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
    },
  })
  app.decorate('sendSpa', (request: FastifyRequest, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    const path = request.url.split('?')[0] ?? ''
    const isApi = path === '/api' || path.startsWith('/api/')
    if (!isPage || isApi || /\.[a-z0-9]+$/i.test(path)) return false
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml)
    return true
  })
}

export default fp(webPlugin, { name: 'web' })
