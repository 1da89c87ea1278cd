import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
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
    // A form opened by its draft link carries a capability in the address: kept by no cache and
    // sent on as no referrer (docs/security.md, "The draft link").
    const capability = new URLSearchParams(request.url.split('?')[1] ?? '').has('draft')
    if (capability) reply.header('referrer-policy', 'no-referrer')
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', capability ? 'no-store' : 'no-cache')
      .send(indexHtml)
    return true
  })
}

export default fp(webPlugin, { name: 'web' })
