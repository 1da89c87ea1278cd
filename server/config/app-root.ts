import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The application's folder: the one that holds package.json, node_modules and dist/. Found by
 * walking up from this module, which runs from the sources (server/), from tsc's output
 * (dist/node/server/) or inside the bundle `npm start` runs (dist/server/main.js): a path
 * relative to this module would differ in each. Every file the server reads beside its code
 * (the SPA, the data-directory templates, the logos) is found from here (docs/decisions.md,
 * "The server runs as one bundle").
 */
export const APP_ROOT = findAppRoot(fileURLToPath(import.meta.url))

/** What the build writes, relative to the application's folder. */
export const BUILT = {
  /** The SPA (Vite). */
  web: 'dist/web',
  /** The embedded databases a new DATA_DIR starts from (scripts/build/make-data-templates.ts). */
  dataTemplates: 'dist/data-templates',
} as const

/** A path in the application's folder. */
export function appPath(...parts: string[]): string {
  return join(APP_ROOT, ...parts)
}

/** The nearest folder above `file` that holds a package.json. */
export function findAppRoot(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir
    if (dirname(dir) === dir) throw new Error(`No package.json in a folder above ${file}`)
  }
}
