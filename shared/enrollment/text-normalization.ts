/**
 * Text as the product keeps it: Unicode compatibility forms folded (NFKC: full-width digits
 * become ASCII digits, ligatures their letters) and format characters dropped (zero-width
 * spaces and joiners, soft hyphens, bidirectional overrides and isolates), which no form field
 * needs and which would let the same name or BAC be entered twice looking identical.
 */
export function normalizeText(value: string): string {
  return value.normalize('NFKC').replace(FORMAT_CHARACTERS, '').trim()
}

const FORMAT_CHARACTERS = /\p{Cf}/gu
