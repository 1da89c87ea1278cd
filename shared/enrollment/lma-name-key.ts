import { remove as foldConfusables } from 'confusables'
import { normalizeText } from './text-normalization.js'

/**
 * The key LMA names are compared by for duplicates and found by in the type-ahead
 * (docs/decisions.md, "One normalization for text, ..."): normalized text whose look-alike letters (Cyrillic 'е' for
 * Latin 'e', accented letters for plain ones) are folded to Latin, spaces collapsed, lower case.
 * Server only: the fold table is too large for the public pages, which never need it.
 */
export function lmaNameKey(name: string): string {
  return foldConfusables(normalizeText(name)).replace(/\s+/g, ' ').trim().toLowerCase()
}
