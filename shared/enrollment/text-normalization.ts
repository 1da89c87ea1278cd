/**
 * Text as the product keeps it (docs/decisions.md, "One normalization for text, ..."):
 * - every character that shows as blank space becomes a plain space: the space separators
 *   (no-break, ideographic, thin...), the Braille blank and the Hangul fillers, which browsers
 *   draw as wide empty glyphs although Unicode calls the fillers ignorable;
 * - every character that shows as nothing is dropped: the format characters (zero-width spaces
 *   and joiners, soft hyphens, bidirectional overrides and isolates) and every other
 *   Default_Ignorable_Code_Point (Khmer inherent vowels, variation selectors, the combining
 *   grapheme joiner);
 * - Unicode compatibility forms folded (NFKC: full-width digits become ASCII digits, ligatures
 *   their letters);
 * - spaces around the text trimmed.
 * No form field needs those characters, and they would let the same name or BAC be entered twice
 * looking identical. Tabs and other control characters are left for the checks to keep or refuse
 * (`hasInvalidCharacter`); runs of spaces inside stay as typed (the LMA-name key collapses them).
 */
export function normalizeText(value: string): string {
  return value
    .replace(BLANK_CHARACTERS, ' ')
    .replace(INVISIBLE_CHARACTERS, '')
    .normalize('NFKC')
    .trim()
}

/**
 * Characters drawn as empty space: the space separators (Zs; White_Space without the controls
 * and the line and paragraph separators, which the checks refuse), U+2800 BRAILLE PATTERN BLANK,
 * and the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0. Replaced before the invisible ones
 * are dropped, since the fillers are Default_Ignorable too. Both run before NFKC, so that a letter
 * and its accent that an invisible character kept apart are composed into one (NFKC makes
 * neither kind from other characters: it maps some spaces to U+0020 and nothing to these).
 */
const BLANK_CHARACTERS = /[\p{Zs}\u2800\u115F\u1160\u3164\uFFA0]/gu

/** Characters drawn as nothing: format characters and every Default_Ignorable_Code_Point. */
const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu
