import type { Brand } from '../config/public-config.js'

/** The brand with this key, or undefined when the key is not configured. */
export function findBrand(brands: readonly Brand[], key: string | undefined): Brand | undefined {
  if (!key) return undefined
  const wanted = key.toLowerCase()
  return brands.find((brand) => brand.key === wanted)
}

/** The current brand: the one named by the key, falling back to the first configured brand. */
export function currentBrand(brands: readonly Brand[], key: string | undefined): Brand {
  const found = findBrand(brands, key) ?? brands[0]
  if (!found) throw new Error('No brand is configured')
  return found
}
