import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The built SPA: dist/web, seen from the sources (server/web) or from the build (dist/node/server/web). */
export function findWebRoot(): string | undefined {
  const candidates = ['../../dist/web', '../../../web'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  )
  return candidates.find((dir) => existsSync(`${dir}/index.html`))
}
