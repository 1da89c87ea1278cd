import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { CAPABILITY_HEADERS } from '../capability/capability-headers.js'
import { formRoutePreloads } from './route-preloads.js'

export interface WebPluginOptions {
  root: string
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a browser navigation to a client-side route with the SPA's index.html. */
    sendSpa(request: FastifyRequest, reply: FastifyReply): boolean
  }
}

/** The status page and "Lost the mail?" (docs/security.md#status-links). */
const STATUS_PAGE_PATH = /^\/[^/]+\/enrollment\/status(?:\/|$)/i

const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, { root }) => {
  const indexHtml = readFileSync(join(root, 'index.html'))
  // A brand's pages show its logo in the header: the browser fetches it beside the scripts
  // instead of after them, so the header is laid out once (no layout shift when it arrives).
  const logoPreload = new Map(
    app.config.BRANDS.filter((brand) =>
      existsSync(join(root, 'images/logos', `${brand.key}.png`)),
    ).map((brand) => [brand.key, `</images/logos/${brand.key}.png>; rel=preload; as=image`]),
  )
  const brandKeys = new Set(app.config.BRANDS.map((brand) => brand.key))
  const formPreloads = formRoutePreloads(root)
  /** What a brand's page has the browser fetch early: the logo, and a form page's chunks. */
  const pagePreloads = (path: string): string[] => {
    const [, brand = '', section, page = ''] = path.toLowerCase().split('/')
    if (!brandKeys.has(brand)) return []
    const logo = logoPreload.get(brand)
    const form = section === 'enrollment' ? (formPreloads.get(page) ?? []) : []
    return [...(logo ? [logo] : []), ...form]
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Left to setHeaders: send's own header (max-age=0) would replace it.
    cacheControl: false,
    setHeaders: (res, path) => {
      const immutable = path.includes('/assets/')
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      )
      // Text files also exist as .br and .gz (built by scripts/build/precompress-plugin.ts).
      if (/\.(?:js|css|html|svg|json)(?:\.br|\.gz)?$/.test(path))
        res.setHeader('vary', 'accept-encoding')
    },
  })
  app.decorate('sendSpa', (request: FastifyRequest, reply: FastifyReply) => {
    const isPage = request.method === 'GET' || request.method === 'HEAD'
    const path = request.url.split('?')[0] ?? ''
    const isApi = path === '/api' || path.startsWith('/api/')
    if (!isPage || isApi || /\.[a-z0-9]+$/i.test(path)) return false
    const preloads = pagePreloads(path.replace(/\/+$/, ''))
    if (preloads.length > 0) reply.header('link', preloads.join(', '))
    // A status page's address, or a form's opened by its draft link, is a capability: kept by no
    // cache, sent to no other site (docs/security.md).
    const capability =
      STATUS_PAGE_PATH.test(path) ||
      new URLSearchParams(request.url.split('?')[1] ?? '').has('draft')
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache')
    if (capability) reply.headers(CAPABILITY_HEADERS)
    reply.send(indexHtml)
    return true
  })
}

export default fp(webPlugin, { name: 'web' })
