import { ENTRY, FORM_ROUTES, type Manifest, staticClosure } from '../../server/web/vite-manifest.js'

export {
  type Manifest,
  type ManifestChunk,
  staticClosure,
} from '../../server/web/vite-manifest.js'

/** Manifest keys of the public enrollment pages: the entry and the two form routes. */
export const PUBLIC_PAGES = [ENTRY, ...Object.values(FORM_ROUTES)]

/** The admin route, which must stay a lazy chunk of its own. */
export const ADMIN_ROUTE = 'src/app/routes/admin/admin-route.tsx'

/** Source modules that only the admin area needs. */
export const ADMIN_CODE: readonly RegExp[] = [
  /^web\/src\/app\/routes\/admin\//,
  /^web\/src\/features\/admin\//,
  /^web\/src\/features\/auth\//,
  /(^|\/)node_modules\/oidc-client-ts\//,
]

/**
 * The gzipped JavaScript each public form's first load may fetch (the entry and the chunks its
 * route imports statically), by the form's page as FORM_ROUTES names it; counted as Vite counts
 * (1 kB = 1,000 bytes). What a form needs only after it is shown (its checks, the save dialog,
 * the windowing of a long dealer table) is a lazy chunk, and counts here only if it is not.
 */
export const FORM_BUDGETS: Readonly<Record<string, number>> = {
  dealer: 91_000,
  lma: 97_000,
}

/** Each public form with the manifest keys of its first load and its budget. */
export function formLoads(
  manifest: Manifest,
): Array<{ form: string; keys: string[]; budget: number }> {
  return Object.entries(FORM_ROUTES).map(([form, route]) => {
    const budget = FORM_BUDGETS[form]
    if (budget === undefined) throw new Error(`The form ${form} (${route}) has no budget`)
    return { form, keys: staticClosure(manifest, [ENTRY, route]), budget }
  })
}

/** For each chunk file given, the admin modules in it (files without any are left out). */
export function adminModulesIn(
  files: readonly string[],
  chunkModules: Readonly<Record<string, readonly string[]>>,
): Array<{ file: string; modules: string[] }> {
  return files
    .map((file) => ({
      file,
      modules: (chunkModules[file] ?? []).filter((id) => ADMIN_CODE.some((re) => re.test(id))),
    }))
    .filter((found) => found.modules.length > 0)
}

/** Addresses of other origins in built HTML or CSS: scripts, styles and fonts must be ours. */
export function externalReferences(text: string): string[] {
  const found = [
    ...text.matchAll(/(?:src|href)\s*=\s*["']((?:https?:)?\/\/[^"']+)["']/gi),
    ...text.matchAll(/url\(\s*["']?((?:https?:)?\/\/[^"')]+)/gi),
    ...text.matchAll(/@import\s+["']((?:https?:)?\/\/[^"']+)["']/gi),
  ]
  return found.map((match) => match[1] ?? '')
}
