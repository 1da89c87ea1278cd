import { ENTRY, FORM_ROUTES, type Manifest, readManifest, staticClosure } from './vite-manifest.js'

/**
 * `Link` values that have the browser fetch a form page's chunks while it is still loading the
 * entry script, instead of after the entry has run and asked for them: for each form route, its
 * chunk and every chunk it imports statically, less the entry's own (the HTML loads those).
 * Empty without a readable manifest (a build without one, or the tests' web root): preloading
 * only saves time, so a build the server cannot read it from still serves its pages.
 */
export function formRoutePreloads(webRoot: string): Map<string, string[]> {
  let manifest: Manifest
  let loadedByEntry: Set<string>
  try {
    manifest = readManifest(webRoot)
    loadedByEntry = new Set(staticClosure(manifest, [ENTRY]))
  } catch {
    return new Map()
  }
  const preloads = new Map<string, string[]>()
  for (const [page, key] of Object.entries(FORM_ROUTES)) {
    if (!manifest[key]) continue
    const files = staticClosure(manifest, [key])
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
