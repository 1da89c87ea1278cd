import { remove as foldConfusables } from 'confusables'
import { normalizeText } from './text-normalization.js'

/**
 * The key LMA names are compared by for duplicates and found by in the type-ahead
 * (docs/decisions.md, "One normalization for text, ..."): normalized text whose look-alike
 * letters (Cyrillic 'е' for Latin 'e', dotless 'ı' for 'i', accented letters for plain ones) are
 * folded to Latin, every blank a space, runs of spaces made one, lower case.
 * Server only: the fold table is too large for the public pages, which never need it.
 */
export function lmaNameKey(name: string): string {
  return foldConfusables(foldLettersLikeI(normalizeText(name)))
    .replace(WHITE_SPACE, ' ')
    .trim()
    .toLowerCase()
}

/**
 * Every run of White_Space, the controls among it too (tab, NEL): the forms refuse the other
 * controls, but the key is also made from what the type-ahead is sent. (`\s` misses NEL.)
 */
const WHITE_SPACE = /\p{White_Space}+/gu

/**
 * Letters that look like an 'i' without its dot or like a capital 'I', which the `confusables`
 * table folds to 'l' (it lists the small ones under both 'i' and 'l', and the last wins): Latin
 * dotless ı, Latin iota ɩ, Greek iota ι and capital Ι, Cyrillic capital І. Unicode's
 * confusables.txt folds the small ones to 'i'; the capitals must become 'I' here because the key
 * is lower case ('ΙOWA' and 'IOWA' are one name). NFKC has already turned their mathematical
 * forms into these. The ones that look like an 'l' (Cyrillic palochka ӏ) stay with the table.
 */
const LIKE_I = /[\u0131\u0269\u03B9\u0399\u0406]/g

function foldLettersLikeI(text: string): string {
  return text.replace(LIKE_I, 'i')
}
