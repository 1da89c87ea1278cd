import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The logo folders seen from the sources (server/invoice) or from the build (dist/node/server/invoice). */
const LOGO_FOLDERS = [
  '../../web/public/images/logos/',
  '../../dist/web/images/logos/',
  '../../../web/images/logos/',
]

/** The brand's logo file (the one the SPA shows at /images/logos/{brand}.png), if there is one. */
export function findBrandLogo(brand: string): string | undefined {
  if (!/^[a-z0-9_-]+$/i.test(brand)) return undefined
  return LOGO_FOLDERS.map((folder) =>
    fileURLToPath(new URL(`${folder}${brand.toLowerCase()}.png`, import.meta.url)),
  ).find((path) => existsSync(path))
}
