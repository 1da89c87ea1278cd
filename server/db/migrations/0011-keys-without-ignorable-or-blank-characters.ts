import type { Kysely } from 'kysely'
import { recomputeDuplicateKeys } from './recompute-duplicate-keys.js'

/**
 * The duplicate keys are recomputed after the normalization learned to drop every
 * Default_Ignorable character (Khmer inherent vowels, variation selectors...), to make every
 * character drawn as a blank a space (the Braille blank, the Hangul fillers) and to fold dotless
 * ı and the iotas like 'i' (docs/decisions.md, "One normalization for text, ..."). A name stored
 * before with such padding gets the key of the plain name, so the plain name is refused as its
 * duplicate, unless another row holds that key already (then it keeps its old key).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await recomputeDuplicateKeys(db)
}

/** The keys stay as they are: the older ones would let the same name in twice again. */
export async function down(): Promise<void> {}
