import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bacKey } from './bac-key.js'
import { lmaNameKey } from './lma-name-key.js'

/** Characters that change nothing a person sees: zero-width, soft hyphen, bidi controls. */
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\u00AD', '\uFEFF', '\u202E', '\u2066']

/** Every code point that has `property` (a Unicode property escape), as strings. */
function codePointsWith(property: RegExp): string[] {
  const found: string[] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    const char = String.fromCodePoint(code)
    if (property.test(char)) found.push(char)
  }
  return found
}

/** The Hangul fillers: Default_Ignorable, but browsers draw them as wide blanks. */
const HANGUL_FILLERS = ['\u115F', '\u1160', '\u3164', '\uFFA0']

/**
 * Drawn as nothing although not format characters (Cf): the Default_Ignorable_Code_Points
 * other than the Hangul fillers, among them the Khmer inherent vowels U+17B4 and U+17B5, the
 * combining grapheme joiner, variation selectors and unassigned ones.
 */
const IGNORABLE = codePointsWith(/^\p{Default_Ignorable_Code_Point}$/u).filter(
  (char) => !HANGUL_FILLERS.includes(char),
)

/** Drawn as blank space: White_Space, the Braille blank U+2800 and the Hangul fillers. */
const BLANK = [...codePointsWith(/^\p{White_Space}$/u), '\u2800', ...HANGUL_FILLERS]

/** One of `chars`, the ones the security probe used (ISSUE 25) as likely as all others. */
const oneOf = (chars: string[], named: string[]) =>
  fc.oneof(fc.constantFrom(...named), fc.constantFrom(...chars))

const ignorable = oneOf(IGNORABLE, ['\u17B4', '\u17B5', '\u034F', '\uFE0F', '\u{E0100}'])
const blank = oneOf(BLANK, ['\u115F', '\u3164', '\uFFA0', '\u2800', '\u00A0', '\t'])

/** `text` with characters from `chars` put between some of its characters. */
const insertedInto = (text: string, chars: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(fc.nat(text.length), chars), { maxLength: 6 }).map((insertions) => {
    let result = text
    for (const [at, mark] of insertions.sort((a, b) => b[0] - a[0])) {
      result = result.slice(0, at) + mark + result.slice(at)
    }
    return result
  })

/** `text` with invisible characters put between some of its characters. */
const sprinkled = (text: string) => insertedInto(text, fc.constantFrom(...INVISIBLE))

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

describe('duplicate keys: characters outside the format class that show nothing or a blank', () => {
  it('any ignorable character inserted anywhere makes no different BAC or LMA name', () => {
    fc.assert(
      fc.property(
        bac.chain((value) => fc.tuple(fc.constant(value), insertedInto(value, ignorable))),
        ([plain, marked]) => {
          expect(bacKey(marked)).toBe(bacKey(plain))
        },
      ),
    )
    fc.assert(
      fc.property(
        asciiName.chain((value) => fc.tuple(fc.constant(value), insertedInto(value, ignorable))),
        ([plain, marked]) => {
          expect(lmaNameKey(marked)).toBe(lmaNameKey(plain))
        },
      ),
    )
  })

  it('blanks around a name, or in place of its spaces, make no different LMA name', () => {
    const blanks = fc.array(blank, { minLength: 1, maxLength: 4 }).map((run) => run.join(''))
    fc.assert(
      fc.property(
        asciiName,
        blanks,
        blanks,
        fc.array(blanks, { minLength: 8, maxLength: 8 }),
        (name, before, after, spaces) => {
          let index = 0
          const padded = before + name.replace(/ /g, () => spaces[index++ % 8] ?? ' ') + after
          expect(lmaNameKey(padded)).toBe(lmaNameKey(name))
        },
      ),
    )
  })

  it('a blank anywhere is a space there; blanks around a BAC make no different BAC', () => {
    fc.assert(
      fc.property(asciiName, fc.nat(), blank, (name, at, char) => {
        const position = at % (name.length + 1)
        const insert = (mark: string) => name.slice(0, position) + mark + name.slice(position)
        expect(lmaNameKey(insert(char))).toBe(lmaNameKey(insert(' ')))
      }),
    )
    // The other controls (NEL, line breaks) are refused with a 400 before any BAC key is made.
    const blankNoControl = blank.filter((char) => char === '\t' || !/\p{Cc}/u.test(char))
    fc.assert(
      fc.property(bac, blankNoControl, blankNoControl, (value, before, after) => {
        expect(bacKey(before + value + after)).toBe(bacKey(value))
      }),
    )
  })

  it('a name with dotless ı, iotas or a Cyrillic І has the key of the name with i or I', () => {
    const likeSmallI = fc.constantFrom('\u0131', '\u0269', '\u03B9', '\u1FBE', '\u{1D6A4}')
    const likeCapitalI = fc.constantFrom('\u0399', '\u0406', '\u{1D6B0}')
    const withI = fc.tuple(asciiName, fc.nat(), fc.boolean()).map(([name, at, capital]) => {
      const position = at % (name.length + 1)
      return name.slice(0, position) + (capital ? 'I' : 'i') + name.slice(position)
    })
    fc.assert(
      fc.property(withI, likeSmallI, likeCapitalI, (name, small, capital) => {
        const disguised = name.replace(/i/g, small).replace(/I/g, capital)
        expect(lmaNameKey(disguised)).toBe(lmaNameKey(name))
      }),
    )
    expect(lmaNameKey('Sprıngfield Dealers')).toBe(lmaNameKey('Springfield Dealers'))
    expect(lmaNameKey('Sprıngfield Dealers')).not.toBe(lmaNameKey('Sprlngfield Dealers'))
  })

  it('the names the security probe used are the name', () => {
    const name = 'Greater Springfield Chevy Dealers'
    for (const disguised of [
      'Greater Springfield Chevy Dealers\u17B4',
      'Greater\u17B5Springfield Chevy Dealers'.replace('\u17B5', ' \u17B5'),
      '\u115FGreater Springfield Chevy Dealers',
      'Greater\u3164Springfield Chevy Dealers',
      'Greater Springfield Chevy Dealers\uFFA0\uFFA0',
      '\u2800Greater Springfield\u2800Chevy Dealers',
      'Greater Sprıngfıeld Chevy Dealers',
    ]) {
      expect(lmaNameKey(disguised)).toBe(lmaNameKey(name))
    }
  })
})
