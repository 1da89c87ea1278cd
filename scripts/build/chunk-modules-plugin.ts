import { relative } from 'node:path'
import type { Plugin } from 'vite'

/** Where the listing goes, beside Vite's manifest (dotted folders are not served). */
export const CHUNK_MODULES_FILE = '.vite/chunk-modules.json'

/**
 * Writes dist/web/.vite/chunk-modules.json: for every JavaScript chunk, the source modules in
 * it (paths from the repository root), so npm run budget can tell admin code by its source.
 */
export function chunkModules(root: string): Plugin {
  return {
    name: 'pos:chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const listing: Record<string, string[]> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        listing[output.fileName] = output.moduleIds.map((id) =>
          id.startsWith('\0') ? id.slice(1) : relative(root, id).split('\\').join('/'),
        )
      }
      this.emitFile({
        type: 'asset',
        fileName: CHUNK_MODULES_FILE,
        source: `${JSON.stringify(listing, null, 2)}\n`,
      })
    },
  }
}
