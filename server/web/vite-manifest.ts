import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** One entry of Vite's build manifest (dist/web/.vite/manifest.json). */
export interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

/** The build's entry, as the manifest names it. */
export const ENTRY = 'index.html'

/** The public form routes' modules, lazy chunks of their own, by the page's last path segment. */
export const FORM_ROUTES: Readonly<Record<string, string>> = {
  dealer: 'src/app/routes/public/dealer-form-route.tsx',
  lma: 'src/app/routes/public/lma-form-route.tsx',
}

/** The manifest of the build in `webRoot`. */
export function readManifest(webRoot: string): Manifest {
  return JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8')) as Manifest
}

/**
 * Manifest keys of the chunks a page loads before it renders: the keys given and every chunk
 * they import statically, transitively (lazy imports are not followed).
 */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`The build manifest has no entry ${key}`)
    seen.add(key)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const key of keys) visit(key)
  return [...seen]
}
