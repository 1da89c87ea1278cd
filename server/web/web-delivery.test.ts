import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config/config.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'

/** A build's manifest: the entry, and two form routes sharing a chunk with it and each other. */
const MANIFEST = {
  'index.html': { file: 'assets/main-abc.js', imports: ['_shared-1.js'], css: ['assets/main.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_forms-2.js': { file: 'assets/forms-2.js', imports: ['_shared-1.js', 'index.html'] },
  'src/app/routes/public/dealer-form-route.tsx': {
    file: 'assets/dealer-form-route-3.js',
    imports: ['_forms-2.js', 'index.html'],
  },
  'src/app/routes/public/lma-form-route.tsx': {
    file: 'assets/lma-form-route-4.js',
    imports: ['_forms-2.js', '_shared-1.js'],
  },
}

const SCRIPT = `export const words = ${JSON.stringify('dealer '.repeat(600))}\n`

describe('delivery of the SPA and the API: compression and caching', () => {
  let app: FastifyInstance
  let database: TestDatabase
  let webRoot: string

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'pos-web-'))
    mkdirSync(join(webRoot, 'assets'))
    mkdirSync(join(webRoot, 'images/logos'), { recursive: true })
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(join(webRoot, 'assets/main-abc.js'), SCRIPT)
    writeFileSync(join(webRoot, 'assets/main-abc.js.br'), brotliCompressSync(SCRIPT))
    writeFileSync(join(webRoot, 'assets/main-abc.js.gz'), gzipSync(SCRIPT))
    writeFileSync(join(webRoot, 'images/logos/chevy.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
    mkdirSync(join(webRoot, '.vite'))
    writeFileSync(join(webRoot, '.vite/manifest.json'), JSON.stringify(MANIFEST))
    database = await createTestDatabase('pglite')
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
    app = await buildApp({ config, database, webRoot, mail: { pollMs: 60_000 } })
    app.get('/test/big', async () => ({ rows: Array.from({ length: 200 }, (_, id) => ({ id })) }))
    app.get('/test/tiny', async () => ({ ok: true }))
    await app.ready()
  })

  afterAll(async () => {
    await app?.close()
    await database?.close()
    rmSync(webRoot, { recursive: true, force: true })
  })

  it('serves a built asset as its .br or .gz file, cached for a year', async () => {
    for (const [encoding, decode] of [
      ['br', (body: Buffer) => body],
      ['gzip', gunzipSync],
    ] as const) {
      const response = await app.inject({
        url: '/assets/main-abc.js',
        headers: { 'accept-encoding': encoding },
      })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.headers['content-type']).toMatch(/javascript/)
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(response.headers.vary).toMatch(/accept-encoding/i)
      if (encoding === 'gzip') expect(decode(response.rawPayload).toString()).toBe(SCRIPT)
    }
    const plain = await app.inject({
      url: '/assets/main-abc.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })

  it('caches other public files for an hour and never the page itself', async () => {
    const logo = await app.inject('/images/logos/chevy.png')
    expect(logo.headers['cache-control']).toBe('public, max-age=3600')
    const page = await app.inject('/chevy/enrollment/dealer')
    expect(page.headers['cache-control']).toBe('no-cache')
  })

  it('keeps a status page, "Lost the mail?" and a form opened by its draft link out of caches and Referers; other pages keep the site policy', async () => {
    const paths = [
      `/chevy/enrollment/status/${'a'.repeat(43)}`,
      '/chevy/enrollment/status',
      `/chevy/enrollment/lma?draft=${'A'.repeat(43)}`,
      `/chevy/enrollment/dealer?draft=${'A'.repeat(43)}`,
    ]
    for (const path of paths) {
      const page = await app.inject(path)
      expect(page.statusCode).toBe(200)
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.headers['referrer-policy']).toBe('no-referrer')
    }
    const form = await app.inject('/chevy/enrollment/lma')
    expect(form.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })

  it("preloads the brand's logo on the brand's pages only", async () => {
    const page = await app.inject('/chevy/enrollment')
    expect(page.headers.link).toBe('</images/logos/chevy.png>; rel=preload; as=image')
    // No gm logo in this build, and the admin area is no brand's page.
    expect((await app.inject('/gm/enrollment')).headers.link).toBeUndefined()
    expect((await app.inject('/admin')).headers.link).toBeUndefined()
  })

  it("has the browser fetch a form page's own chunks beside the entry, and no others", async () => {
    expect((await app.inject('/chevy/enrollment/dealer')).headers.link).toBe(
      '</images/logos/chevy.png>; rel=preload; as=image, ' +
        '</assets/dealer-form-route-3.js>; rel=modulepreload, </assets/forms-2.js>; rel=modulepreload',
    )
    expect((await app.inject('/CHEVY/enrollment/lma/')).headers.link).toBe(
      '</images/logos/chevy.png>; rel=preload; as=image, ' +
        '</assets/lma-form-route-4.js>; rel=modulepreload, </assets/forms-2.js>; rel=modulepreload',
    )
    // A brand without a logo still gets its form's chunks; an unknown brand is redirected.
    expect((await app.inject('/gm/enrollment/lma')).headers.link).toBe(
      '</assets/lma-form-route-4.js>; rel=modulepreload, </assets/forms-2.js>; rel=modulepreload',
    )
    expect((await app.inject('/ford/enrollment/dealer')).headers.link).toBeUndefined()
    expect((await app.inject('/chevy/dealer')).headers.link).toBe(
      '</images/logos/chevy.png>; rel=preload; as=image',
    )
    // The manifest that says so is the server's to read, not the public's.
    expect((await app.inject('/.vite/manifest.json')).statusCode).toBe(404)
  })

  it('compresses API answers over 1 KB, not the small ones', async () => {
    const big = await app.inject({ url: '/test/big', headers: { 'accept-encoding': 'gzip' } })
    expect(big.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(big.rawPayload).toString()).rows).toHaveLength(200)
    const tiny = await app.inject({ url: '/test/tiny', headers: { 'accept-encoding': 'gzip' } })
    expect(tiny.headers['content-encoding']).toBeUndefined()
    expect(tiny.json()).toEqual({ ok: true })
  })
})
