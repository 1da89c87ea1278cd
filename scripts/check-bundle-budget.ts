/**
 * npm run budget: the public enrollment pages (the entry and the chunks the dealer and LMA form
 * routes load) must stay within 120 kB of gzipped JavaScript and hold no admin code; the admin
 * area must be a lazy chunk of its own; HTML and CSS must load nothing from other origins.
 * Reads the build (npm run build): dist/web/.vite/manifest.json and chunk-modules.json.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  ADMIN_ROUTE,
  adminModulesIn,
  externalReferences,
  type Manifest,
  PUBLIC_JS_BUDGET,
  PUBLIC_PAGES,
  staticClosure,
} from './budget/bundle-budget.js'
import { CHUNK_MODULES_FILE } from './build/chunk-modules-plugin.js'

const webDir = process.argv[2] ?? 'dist/web'
const readJson = <T>(file: string): T => {
  try {
    return JSON.parse(readFileSync(join(webDir, file), 'utf8')) as T
  } catch {
    throw new Error(`${join(webDir, file)} is missing: run npm run build first`)
  }
}
const manifest = readJson<Manifest>('.vite/manifest.json')
const chunkModules = readJson<Record<string, string[]>>(CHUNK_MODULES_FILE)
const failures: string[] = []
const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} kB`

const files = staticClosure(manifest, PUBLIC_PAGES)
  .map((key) => manifest[key]?.file ?? '')
  .filter((file) => file.endsWith('.js'))
const sized = files.map((file) => {
  const content = readFileSync(join(webDir, file))
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
})
sized.sort((a, b) => b.gzip - a.gzip)
const total = sized.reduce((sum, chunk) => sum + chunk.gzip, 0)

process.stdout.write(
  'Public enrollment pages (entry + dealer and LMA form routes, static imports):\n',
)
for (const chunk of sized) {
  process.stdout.write(
    `  ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(10)} gzip ${kb(chunk.raw).padStart(10)} raw\n`,
  )
}
process.stdout.write(
  `  ${'total'.padEnd(44)} ${kb(total).padStart(10)} gzip, budget ${kb(PUBLIC_JS_BUDGET)} (${((100 * total) / PUBLIC_JS_BUDGET).toFixed(0)}% used)\n`,
)
if (total > PUBLIC_JS_BUDGET) {
  failures.push(
    `The public pages load ${kb(total)} of gzipped JavaScript, over ${kb(PUBLIC_JS_BUDGET)}`,
  )
}

for (const found of adminModulesIn(files, chunkModules)) {
  failures.push(
    `${found.file} is loaded by the public pages and holds admin code: ${found.modules.join(', ')}`,
  )
}

const admin = manifest[ADMIN_ROUTE]
if (!admin?.isDynamicEntry) failures.push(`${ADMIN_ROUTE} is not a lazy chunk of its own`)
else if (files.includes(admin.file)) failures.push(`${admin.file} is loaded by the public pages`)

for (const file of builtFiles(webDir).filter((name) => /\.(?:html|css)$/.test(name))) {
  for (const url of externalReferences(readFileSync(join(webDir, file), 'utf8'))) {
    failures.push(`${file} loads ${url} from another origin (CSS and fonts are self-hosted)`)
  }
}

if (failures.length > 0) {
  process.stderr.write(
    `\nBundle budget FAILED:\n${failures.map((line) => `  - ${line}\n`).join('')}`,
  )
  process.exit(1)
}
process.stdout.write(
  'Bundle budget passed: no admin code on the public pages, admin area lazy, assets self-hosted.\n',
)

function builtFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.name.startsWith('.')) return []
    return entry.isDirectory() ? builtFiles(dir, path) : [path]
  })
}
