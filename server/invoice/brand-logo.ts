import { existsSync } from 'node:fs'
import { appPath, BUILT } from '../config/app-root.js'

/** The logo folders: the SPA's sources, and the build (which copies them). */
const LOGO_FOLDERS = ['web/public/images/logos', `${BUILT.web}/images/logos`]

/** The brand's logo file (the one the SPA shows at /images/logos/{brand}.png), if there is one. */
export function findBrandLogo(brand: string): string | undefined {
  if (!/^[a-z0-9_-]+$/i.test(brand)) return undefined
  return LOGO_FOLDERS.map((folder) => appPath(folder, `${brand.toLowerCase()}.png`)).find((path) =>
    existsSync(path),
  )
}
