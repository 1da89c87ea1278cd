/**
 * `npm run build` bundles the server (server/main.ts, its modules and the packages
 * they import) into dist/server/main.js, the file `npm start` runs. Node then reads a few files
 * where it read some two thousand (kysely, zod, Fastify, each several hundred modules): the start
 * is about a third faster (docs/performance.md, "Start-up"). What the server reads
 * beside its code it finds from the application's folder (server/config/app-root.ts), which the bundle
 * and the unbundled modules agree on (docs/decisions.md, "The server runs as one bundle").
 */

import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type BuildOptions, build, type Metafile, type Plugin } from 'esbuild'
import { APP_ROOT, appPath } from '../../server/config/app-root.js'

/** Where the bundle goes, relative to the application's folder. */
export const BUNDLE_DIR = 'dist/server'
/** Which output holds which input modules: what the start-up test reads. */
export const METAFILE = 'meta.json'

/**
 * Packages left in node_modules and loaded by Node as before, besides those the server imports
 * with import() (lazyPackagesOutside) and those that find files beside their own code
 * (packagesThatFindThemselves): OpenTelemetry's, whose instrumentations patch the packages as
 * Node loads them, and which only tracing loads.
 */
const EXTERNAL = ['@opentelemetry/*', '@fastify/otel']

/**
 * A package the server imports with import() is loaded on first use (the PDF, the workbook,
 * the mail, the metrics, the databases' drivers): it stays out of the bundle, in node_modules,
 * so the start does not read it, and what it reads beside its own code (pdfkit's fonts) is
 * where it expects. The server's own lazily imported modules become chunks of their own.
 */
const lazyPackagesOutside: Plugin = {
  name: 'lazy-packages-outside',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined,
    )
  },
}

/**
 * The packages whose bundled modules name __dirname or __filename: they find files beside
 * their own code (pino's workers, swagger-ui's pages, their own package.json), which a bundle
 * would move, and an ES module bundle does not even define those names. They stay in
 * node_modules, where those files are.
 */
function packagesThatFindThemselves(metafile: Metafile): string[] {
  const names = new Set<string>()
  for (const input of Object.keys(metafile.inputs)) {
    const name = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1]
    if (name && /\b__(?:dirname|filename)\b/.test(readFileSync(appPath(input), 'utf8'))) {
      names.add(name)
    }
  }
  return [...names].sort()
}

/** Bundles the server into `outdir` (dist/server by default); returns what went where. */
export async function bundleServer(outdir = appPath(BUNDLE_DIR)): Promise<Metafile> {
  const options = {
    entryPoints: { main: appPath('server/main.ts') },
    outdir,
    // The metafile's paths are relative to the application's folder.
    absWorkingDir: APP_ROOT,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    chunkNames: 'chunks/[name]-[hash]',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [lazyPackagesOutside],
    // The CommonJS packages in the bundle call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
    },
  } satisfies BuildOptions
  // A first pass, written nowhere, finds the packages that must stay out of the second.
  const first = await build({ ...options, write: false, external: EXTERNAL })
  const external = [...EXTERNAL, ...packagesThatFindThemselves(first.metafile)]
  // The chunks' names carry their content's hash: a build over the last one would leave the
  // chunks it no longer writes beside those it does.
  rmSync(outdir, { recursive: true, force: true })
  const result = await build({ ...options, external })
  writeFileSync(join(outdir, METAFILE), JSON.stringify(result.metafile))
  return result.metafile
}
