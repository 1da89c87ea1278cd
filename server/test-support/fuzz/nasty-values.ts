import fc from 'fast-check'
import { nested, RawJson } from './raw-json.js'

/** Keys that poison prototypes where objects are merged carelessly. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const

/** An object whose own key is `key` (JSON.parse makes `__proto__` an own property). */
export function objectWithKey(key: string, value: unknown): Record<string, unknown> {
  return JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`)
}

const SAMPLES = [
  '',
  '   ',
  '<img src=x onerror=alert(1)>',
  "'; drop table enrollments; --",
  '%_\\',
  '=HYPERLINK("http://x")',
  'a\u0000b',
  'line\r\nBcc: victim@example.com',
  '\ud800',
  '\u202etxt.exe',
  'Ünïcödé 🚗 Dealers',
  '2025',
  '0x7e9',
  '1e3',
  ' 42 ',
  'true',
  'null',
  '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f',
  'Approved',
  'Lma',
  'Dealer',
  'None',
]

/** A long string, written out only when the body is serialized, and shown short on failure. */
export class LongText {
  constructor(
    readonly unit: string,
    readonly length: number,
  ) {}

  toJSON(): string {
    return this.unit.repeat(this.length)
  }

  [fc.toStringMethod](): string {
    return `${JSON.stringify(this.unit)}.repeat(${this.length})`
  }
}

/** Text just over the limits (25, 50, 100, 255), and 5,000 and 300,000 long (over 256 KB). */
const longText = fc
  .tuple(fc.constantFrom('x', 'é', '🚗', '<'), fc.constantFrom(26, 51, 101, 256, 5000, 300_000))
  .map(([unit, length]) => new LongText(unit, length))

/** Text no form produces and PostgreSQL cannot store: NUL, lone surrogates, control characters. */
const brokenText = fc
  .tuple(
    fc.string({ maxLength: 6 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\u001b', '\r\n', '\u007f'),
    fc.string({ maxLength: 6 }),
  )
  .map((parts) => parts.join(''))

const strings = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...SAMPLES) },
  { weight: 3, arbitrary: brokenText },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: longText },
)

const numbers = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2025, 2024, 2_147_483_648, Number.MAX_SAFE_INTEGER, 1e308, -0),
)

const deep = fc.tuple(fc.integer({ min: 2, max: 20_000 }), fc.constantFrom('array', 'object'))

/** A value that does not belong where it is put: every JSON type, and then some. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: strings },
  { weight: 2, arbitrary: numbers },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, undefined, [], {}) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deep.map(([depth, kind]) => nested(depth, kind as 'array' | 'object')) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
      .map(([key, value]) => objectWithKey(key, value)),
  },
  { weight: 1, arbitrary: fc.constant(new RawJson('{"type":"Dealer","type":"Lma"}')) },
)

/** A field name that a schema does not know, or one that poisons prototypes. */
export const strangeKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_KEYS, 'isAdmin', 'status', 'id', 'version', 'Type', 'guid', ''),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }),
)
