import fc from 'fast-check'
import { applyMutations, type Mutation, mutations } from './mutations.js'
import { nastyValue, objectWithKey, strangeKey } from './nasty-values.js'
import { toJsonText } from './raw-json.js'

/** How a request body is made from a valid one, decided before the valid one exists. */
export type BodyPlan =
  | { kind: 'mutate'; plan: Mutation[] }
  | { kind: 'value'; value: unknown }
  | { kind: 'cut'; at: number }
  | { kind: 'text'; text: string }

export const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { weight: 12, arbitrary: mutations.map((plan) => ({ kind: 'mutate' as const, plan })) },
  { weight: 2, arbitrary: nastyValue.map((value) => ({ kind: 'value' as const, value })) },
  { weight: 1, arbitrary: fc.nat().map((at) => ({ kind: 'cut' as const, at })) },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: 'binary', maxLength: 60 })
      .map((text) => ({ kind: 'text' as const, text })),
  },
)

/** The body text of a plan, given a fresh valid body. */
export function bodyText(plan: BodyPlan, valid: unknown): string {
  if (plan.kind === 'mutate') return toJsonText(applyMutations(valid, plan.plan))
  if (plan.kind === 'value') return toJsonText(plan.value)
  if (plan.kind === 'text') return plan.text
  const text = toJsonText(valid)
  return text.slice(0, plan.at % text.length)
}

/** Mostly JSON; now and then another or no content type. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 10, arbitrary: fc.constant('application/json') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json; charset=latin1',
      'application/xml',
      'APPLICATION/JSON',
    ),
  },
)

/** Something in the place of a guid: real ones, near misses, junk, percent-encoded bytes. */
export const guidish: fc.Arbitrary<string> = fc.oneof(
  fc.uuid().map((guid) => guid),
  fc.uuid().map((guid) => guid.toUpperCase()),
  fc.uuid().map((guid) => `{${guid}}`),
  fc.uuid().map((guid) => guid.replaceAll('-', '')),
  fc.uuid().chain((guid) => fc.nat({ max: 35 }).map((cut) => guid.slice(0, cut))),
  fc.constantFrom(
    '00000000-0000-0000-0000-000000000000',
    '%25',
    '..%2F..%2Fetc',
    '%00',
    '%E0%A4%A',
  ),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.constantFrom(101, 5000).map((length) => 'a'.repeat(length)),
)

/** A query string of the given parameters (each maybe repeated) plus random ones. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 12 }),
    fc.constantFrom(
      '2025',
      '2024',
      '0x7e9',
      '1e3',
      '2025.0',
      '-1',
      'Approved',
      'Lma',
      '%',
      'x'.repeat(101),
    ),
  )
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), value)
  return fc
    .array(pair, { maxLength: 5 })
    .map((pairs) =>
      pairs
        .map(([name, text]) => `${encodeURIComponent(name)}=${encodeURIComponent(text)}`)
        .join('&'),
    )
}

/** A body for a call that takes none: nothing, {}, null, or anything else. */
export const actionBody: fc.Arbitrary<{ text?: string; type?: string }> = fc.oneof(
  fc.constant({}),
  fc.constantFrom('{}', 'null', '').map((text) => ({ text, type: 'application/json' })),
  fc.tuple(nastyValue, contentType).map(([value, type]) => ({ text: toJsonText(value), type })),
  fc.tuple(strangeKey, nastyValue).map(([key, value]) => ({
    text: toJsonText(objectWithKey(key, value)),
    type: 'application/json',
  })),
)
