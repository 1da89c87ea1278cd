/**
 * npm run budget: each public form's first load (the entry and the chunks its route loads) must
 * stay within its budget of gzipped JavaScript (FORM_BUDGETS: 91 kB the dealer form, 97 kB the
 * LMA form), and no public page may load admin code; the admin area must be a lazy chunk of its
 * own; HTML and CSS must load nothing from other origins.
 * Reads the build (npm run build): dist/web/.vite/manifest.json and chunk-modules.json.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  ADMIN_ROUTE,
  adminModulesIn,
  externalReferences,
  formLoads,
  type Manifest,
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

const jsFiles = (keys: readonly string[]) =>
  keys.map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'))
const gzipped = new Map<string, { raw: number; gzip: number }>()
const sizeOf = (file: string) => {
  let size = gzipped.get(file)
  if (!size) {
    const content = readFileSync(join(webDir, file))
    size = { raw: content.length, gzip: gzipSync(content, { level: 9 }).length }
    gzipped.set(file, size)
  }
  return size
}

// Each form's first load: the entry and the chunks its route imports statically.
for (const { form, keys, budget } of formLoads(manifest)) {
  const sized = jsFiles(keys)
    .map((file) => ({ file, ...sizeOf(file) }))
    .sort((a, b) => b.gzip - a.gzip)
  const total = sized.reduce((sum, chunk) => sum + chunk.gzip, 0)
  process.stdout.write(`The ${form} form's first load (entry + its route, static imports):\n`)
  for (const chunk of sized) {
    process.stdout.write(
      `  ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(10)} gzip ${kb(chunk.raw).padStart(10)} raw\n`,
    )
  }
  process.stdout.write(
    `  ${'total'.padEnd(44)} ${kb(total).padStart(10)} gzip, budget ${kb(budget)} (${((100 * total) / budget).toFixed(0)}% used)\n\n`,
  )
  if (total > budget) {
    failures.push(
      `The ${form} form's first load is ${kb(total)} of gzipped JavaScript, over its ${kb(budget)}`,
    )
  }
}

// No admin code in anything a public page loads before it renders.
const files = jsFiles(staticClosure(manifest, PUBLIC_PAGES))
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
  'Bundle budget passed: each form within its budget, no admin code on the public pages, admin area lazy, assets self-hosted.\n',
)

function builtFiles(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.name.startsWith('.')) return []
    return entry.isDirectory() ? builtFiles(dir, path) : [path]
  })
}
