import { normalizeText } from './text-normalization.js'

/** The characters a BAC (Business Associate Code) can hold. */
export const BAC_PATTERN = /^[A-Za-z0-9-]+$/

/**
 * The key BACs are compared by for duplicates and looked up by (docs/decisions.md, "One
 * normalization for text, one key each for BACs and LMA names"): normalized text, upper case. The one definition: the forms, the API, the database's unique
 * index (through the stored bac_key), the type-ahead and the demo data all use it.
 */
export function bacKey(bac: string): string {
  return normalizeText(bac).toUpperCase()
}
