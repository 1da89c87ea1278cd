import type { IncomingMessage } from 'node:http'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type Provider from 'oidc-provider'
import { refuseForeignHosts } from '../http/dev-tools-host.js'
import { DEV_OIDC_PATH } from '../public-config/public-config.js'
import { devOidcInteractionRoutes } from './dev-oidc-interactions.js'
import type { DevOidc } from './dev-oidc-provider.js'

export interface DevOidcPluginOptions {
  devOidc: DevOidc
}

/**
 * Mounts the development provider at /dev-oidc: its own sign-in pages, and every other path
 * handed to oidc-provider with the prefix taken off (it reads `originalUrl` to build its links).
 */
const devOidcPlugin: FastifyPluginAsync<DevOidcPluginOptions> = async (app, { devOidc }) => {
  app.addHook('onRequest', refuseForeignHosts(app.config.PUBLIC_URL))
  await app.register(devOidcInteractionRoutes(devOidc), { prefix: DEV_OIDC_PATH })
  await app.register(async (mount) => {
    // oidc-provider reads request bodies itself: leave the stream unread.
    mount.removeAllContentTypeParsers()
    mount.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined))
    let callback: ReturnType<Provider['callback']> | undefined
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      callback ??= (await devOidc.provider()).callback()
      const serve = callback
      reply.hijack()
      const raw = request.raw as IncomingMessage & { originalUrl?: string }
      const url = raw.url ?? DEV_OIDC_PATH
      raw.originalUrl = url
      raw.url = url.slice(DEV_OIDC_PATH.length) || '/'
      await new Promise<void>((resolve) => {
        reply.raw.once('close', resolve)
        reply.raw.once('finish', resolve)
        serve(raw, reply.raw)
      })
    }
    mount.all(DEV_OIDC_PATH, handler)
    mount.all(`${DEV_OIDC_PATH}/*`, handler)
  })
  app.log.info(
    { issuer: devOidc.issuer, users: app.config.DEV_USERS.map((user) => user.email) },
    'development sign-in: OpenID provider at /dev-oidc (set OIDC_AUTHORITY to use a real one)',
  )
}

export default devOidcPlugin
