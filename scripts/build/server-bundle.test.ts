import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Metafile } from 'esbuild'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { APP_ROOT } from '../../server/config/app-root.js'
import { MANIFEST_FILE, pgliteVersion } from '../../server/db/data-dir-template.js'
import { migrations } from '../../server/db/migrations/index.js'
import {
  type ChildServer,
  killChildServer,
  startChildServer,
} from '../../server/test-support/faults/child-server.js'
import {
  isOpenTelemetry,
  ON_FIRST_USE,
  packagesIn,
} from '../../server/test-support/on-first-use.js'
import { BUNDLE_DIR, bundleServer } from './server-bundle.js'

const RECORDER = join(APP_ROOT, 'server/test-support/record-modules.mjs')

/**
 * The bundle in a folder laid out as a built application is (package.json, node_modules,
 * dist/server, dist/web, dist/data-templates), but elsewhere than the sources: what it finds,
 * it finds from its own place.
 */
describe('the bundled server (npm start)', () => {
  const app = mkdtempSync(join(tmpdir(), 'pos-bundle-'))
  let server: ChildServer | undefined
  afterAll(async () => {
    await killChildServer(server)
    rmSync(app, { recursive: true, force: true })
  })

  it('serves the SPA and swagger-ui, starts a new DATA_DIR from the template, and loads the lazily loaded modules only on first use', async () => {
    // A chunk of an earlier build, which this one does not write: the bundle replaces the folder.
    const stale = join(app, BUNDLE_DIR, 'chunks/chunk-EARLIER.js')
    mkdirSync(join(app, BUNDLE_DIR, 'chunks'), { recursive: true })
    writeFileSync(stale, 'export {}')
    const metafile = await bundleServer(join(app, BUNDLE_DIR))
    expect(existsSync(stale)).toBe(false)
    cpSync(join(APP_ROOT, 'package.json'), join(app, 'package.json'))
    symlinkSync(join(APP_ROOT, 'node_modules'), join(app, 'node_modules'), 'dir')
    mkdirSync(join(app, 'dist/web'), { recursive: true })
    writeFileSync(join(app, 'dist/web/index.html'), '<!doctype html><title>bundle test</title>')
    const templates = join(app, 'dist/data-templates')
    cpSync(inject('pgliteTemplate'), join(templates, 'migrated'), { recursive: true })
    const manifest = { pglite: pgliteVersion(), migrations: Object.keys(migrations), demo: {} }
    writeFileSync(join(templates, MANIFEST_FILE), JSON.stringify(manifest))

    const recorded = join(app, 'modules.txt')
    server = await startChildServer(
      {
        DATA_DIR: join(app, 'data'),
        NODE_OPTIONS: `--import=${RECORDER}`,
        RECORD_MODULES_FILE: recorded,
      },
      undefined,
      [join(app, BUNDLE_DIR, 'main.js')],
    )
    expect(server.logs.find((line) => line.template)?.template).toBe('migrated')
    const page = await fetch(`${server.url}/`)
    expect(await page.text()).toContain('<title>bundle test</title>')
    // swagger-ui serves files that sit beside its code, in node_modules.
    expect((await fetch(`${server.url}/api/docs/static/index.css`)).status).toBe(200)

    const loaded = () => modulesLoaded(readFileSync(recorded, 'utf8'), metafile, app)
    const atStart = packagesIn(loaded())
    expect(atStart.has('fastify')).toBe(true) // the bundle's packages are seen
    expect(ON_FIRST_USE.filter((name) => atStart.has(name))).toEqual([])
    expect([...atStart].filter((name) => name === 'pg' || isOpenTelemetry(name))).toEqual([])
    expect(loaded()).not.toContain('server/demo-data/seed-demo-data.ts')

    // A lazily loaded module of the server's own, a chunk of the bundle: the metrics.
    const metrics = await fetch(`${server.url}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('pos_http_request_duration_seconds_count{')
    expect(packagesIn(loaded()).has('prom-client')).toBe(true)
  }, 120_000)
})

/**
 * The modules a process loaded, one a line: the URLs Node loaded (the bundle's files, the
 * packages left in node_modules), each of the bundle's files replaced by the modules in it.
 */
function modulesLoaded(urls: string, metafile: Metafile, app: string): string {
  const inBundle = new Map(
    Object.entries(metafile.outputs).map(([file, output]) => [
      resolve(APP_ROOT, file),
      Object.keys(output.inputs),
    ]),
  )
  return urls
    .split('\n')
    .flatMap((url) => {
      const path = url.startsWith('file:') ? new URL(url).pathname : url
      return inBundle.get(path) ?? (path.startsWith(app) ? [] : [path])
    })
    .join('\n')
}
