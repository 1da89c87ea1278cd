import type { Brand } from '../config/public-config.js'

/**
 * How a brand is shown, everywhere (screens, exports, mails): its configured display name
 * ('GM'), never its key (`gm`); the key itself only when the brand is no longer configured.
 */
export function brandDisplayName(brands: readonly Brand[], key: string): string {
  const wanted = key.toLowerCase()
  return brands.find((brand) => brand.key === wanted)?.name ?? key
}
