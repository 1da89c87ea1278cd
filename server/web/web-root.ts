import { existsSync } from 'node:fs'
import { appPath, BUILT } from '../config/app-root.js'

/** The built SPA (dist/web), if it has been built. */
export function findWebRoot(): string | undefined {
  const dir = appPath(BUILT.web)
  return existsSync(`${dir}/index.html`) ? dir : undefined
}
