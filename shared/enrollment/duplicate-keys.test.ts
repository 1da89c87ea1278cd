import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bacKey } from './bac-key.js'
import { lmaNameKey } from './lma-name-key.js'

/** Characters that change nothing a person sees: zero-width, soft hyphen, bidi controls. */
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\uFEFF', '\u202E', '\u2066']

/** `text` with invisible characters put between some of its characters. */
const sprinkled = (text: string) =>
  fc
    .array(fc.tuple(fc.nat(text.length), fc.constantFrom(...INVISIBLE)), { maxLength: 6 })
    .map((insertions) => {
      let result = text
      for (const [at, mark] of insertions.sort((a, b) => b[0] - a[0])) {
        result = result.slice(0, at) + mark + result.slice(at)
      }
      return result
    })

const asciiName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,30}$/)
const bac = fc.stringMatching(/^[0-9A-Z]{4,12}$/)

/** Full-width forms of ASCII letters and digits (U+FF01 onwards), which NFKC folds back. */
const fullWidth = (text: string) =>
  text.replace(/[!-~]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0))

describe('duplicate keys: what looks the same is the same', () => {
  it('invisible characters never make a different BAC or LMA name', () => {
    fc.assert(
      fc.property(
        bac.chain((value) => fc.tuple(fc.constant(value), sprinkled(value))),
        ([plain, marked]) => {
          expect(bacKey(marked)).toBe(bacKey(plain))
        },
      ),
    )
    fc.assert(
      fc.property(
        asciiName.chain((value) => fc.tuple(fc.constant(value), sprinkled(value))),
        ([plain, marked]) => {
          expect(lmaNameKey(marked)).toBe(lmaNameKey(plain))
        },
      ),
    )
  })

  it('full-width letters and digits, case and spacing make no different key', () => {
    fc.assert(
      fc.property(bac, (value) => {
        expect(bacKey(` ${fullWidth(value).toLowerCase()} `)).toBe(bacKey(value))
      }),
    )
    fc.assert(
      fc.property(asciiName, (value) => {
        expect(lmaNameKey(`  ${fullWidth(value).toUpperCase().replaceAll(' ', '   ')} `)).toBe(
          lmaNameKey(value),
        )
      }),
    )
  })

  it('keys are stable: the key of a key is itself', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        expect(bacKey(bacKey(value))).toBe(bacKey(value))
        expect(lmaNameKey(lmaNameKey(value))).toBe(lmaNameKey(value))
      }),
    )
  })

  it('look-alike letters from other alphabets and accents fold to the Latin name', () => {
    const latin = 'Greater Springfield Chevy Dealers'
    for (const disguised of [
      'Grеаter Springfield Chevy Dealers', // Cyrillic е and а
      'Greater Ѕpringfield Сhevy Dealers', // Cyrillic Ѕ and С
      'Gréater Springfield Chévy Dealers',
      'Greater Springfield Chevy Dea\u200Blers',
    ]) {
      expect(lmaNameKey(disguised)).toBe(lmaNameKey(latin))
    }
    expect(lmaNameKey('Lakeshore Dealers')).not.toBe(lmaNameKey('Lakeside Dealers'))
  })
})
