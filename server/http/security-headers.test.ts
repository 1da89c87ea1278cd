import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app.js'
import { loadConfig } from '../config/config.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'

/** A built SPA in miniature: the pages and an asset, as Vite writes them. */
function webRootFixture(): string {
  const root = mkdtempSync(join(tmpdir(), 'pos-web-'))
  mkdirSync(join(root, 'assets'))
  const page = '<!doctype html><script type="module" src="/assets/app-1a2b.js"></script>'
  writeFileSync(join(root, 'index.html'), page)
  writeFileSync(join(root, 'oidc-silent.html'), page)
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'export {}\n')
  return root
}

/** The directives of a Content-Security-Policy header. */
function directives(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '')
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  )
}

/** What Mozilla Observatory scores, for every kind of answer the server gives. */
function expectObservatoryHeaders(response: LightMyRequestResponse, framable = false): void {
  const csp = directives(response)
  expect(csp.get('default-src')).toEqual(["'self'"])
  expect(csp.get('script-src')).toEqual(["'self'"])
  expect(csp.get('object-src')).toEqual(["'none'"])
  expect(csp.get('base-uri')).toEqual(["'self'"])
  expect(csp.get('form-action')).toEqual(["'self'"])
  expect(csp.get('frame-ancestors')).toEqual([framable ? "'self'" : "'none'"])
  for (const values of csp.values()) {
    expect(values).not.toContain("'unsafe-inline'")
    expect(values).not.toContain("'unsafe-eval'")
    expect(values).not.toContain('*')
  }
  expect(response.headers['x-frame-options']).toBe(framable ? 'SAMEORIGIN' : 'DENY')
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  )
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin')
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin')
  expect(response.headers['x-powered-by']).toBeUndefined()
  expect(response.headers['set-cookie']).toBeUndefined()
}

const ANSWERS = [
  ['the SPA entry page', '/'],
  ['a client-side route', '/chevy/enrollment/lma?auth=6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'],
  ['a static asset', '/assets/app-1a2b.js'],
  ['an API answer', '/api/config'],
  ['an API error', '/api/enrollments/not-a-guid'],
  ['an unknown API path', '/api/nothing'],
  ['a health probe', '/readyz'],
  ['the dev mailbox page', '/dev/mail'],
] as const

describe.each([
  ['http', 'http://localhost:3000'],
  ['https', 'https://pos.example.com'],
])('security headers when served over %s', (scheme, publicUrl) => {
  let app: FastifyInstance
  let database: TestDatabase
  let webRoot: string
  beforeAll(async () => {
    webRoot = webRootFixture()
    database = await createTestDatabase('pglite')
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: publicUrl })
    app = await buildApp({ config, database, webRoot, mail: { worker: false } })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await database.close()
    rmSync(webRoot, { recursive: true, force: true })
  })

  it.each(ANSWERS)('%s (%s)', async (_label, url) => {
    const response = await app.inject(url)
    expect(response.statusCode).toBeLessThan(500)
    expectObservatoryHeaders(response)
    const hsts = response.headers['strict-transport-security']
    if (scheme === 'https') {
      expect(hsts).toBe('max-age=31536000; includeSubDomains')
      expect(directives(response).has('upgrade-insecure-requests')).toBe(true)
    } else {
      expect(hsts).toBeUndefined()
      expect(directives(response).has('upgrade-insecure-requests')).toBe(false)
    }
  })

  it('the silent sign-in page may be framed by the site itself, nothing else changes', async () => {
    expectObservatoryHeaders(await app.inject('/oidc-silent.html?code=x&state=y'), true)
  })
})

describe('the pages Vite builds carry no inline script (the CSP would block it)', () => {
  it.each(['web/index.html', 'web/oidc-silent.html'])('%s', (path) => {
    const html = readFileSync(path, 'utf8')
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc=/)
      expect(body.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  })
})
