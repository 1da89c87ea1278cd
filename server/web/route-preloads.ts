import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** An entry of Vite's build manifest (`.vite/manifest.json`), as far as the server reads it. */
interface ManifestChunk {
  file: string
  imports?: string[]
}

const ENTRY = 'index.html'

/** The public pages whose code is a lazy chunk, by the page's last path segment. */
const FORM_ROUTES: Readonly<Record<string, string>> = {
  dealer: 'src/app/routes/public/dealer-form-route.tsx',
  lma: 'src/app/routes/public/lma-form-route.tsx',
}

/**
 * `Link` values that have the browser fetch a form page's chunks while it is still loading the
 * entry script, instead of after the entry has run and asked for them: for each form route, its
 * chunk and every chunk it imports statically, less the entry's own (the HTML loads those).
 * Empty without a manifest (a build without one, or the tests' web root).
 */
export function formRoutePreloads(webRoot: string): Map<string, string[]> {
  let manifest: Record<string, ManifestChunk>
  try {
    manifest = JSON.parse(readFileSync(join(webRoot, '.vite/manifest.json'), 'utf8'))
  } catch {
    return new Map()
  }
  const closure = (key: string, into = new Set<string>()) => {
    const chunk = manifest[key]
    if (!chunk || into.has(key)) return into
    into.add(key)
    for (const imported of chunk.imports ?? []) closure(imported, into)
    return into
  }
  const loadedByEntry = closure(ENTRY)
  const preloads = new Map<string, string[]>()
  for (const [page, key] of Object.entries(FORM_ROUTES)) {
    if (!manifest[key]) continue
    const files = [...closure(key)]
      .filter((chunk) => !loadedByEntry.has(chunk))
      .map((chunk) => manifest[chunk]?.file ?? '')
      .filter((file) => file.endsWith('.js'))
    preloads.set(
      page,
      files.map((file) => `</${file}>; rel=modulepreload`),
    )
  }
  return preloads
}
