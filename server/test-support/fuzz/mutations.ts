import fc from 'fast-check'
import { LongText, nastyValue, strangeKey } from './nasty-values.js'
import { RawJson, toJsonText } from './raw-json.js'

/** One change to a valid body, at the `at`-th value of a walk through it (modulo its size). */
export type Mutation =
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'delete'; at: number }
  | { op: 'extra'; at: number; key: string; value: unknown }
  | { op: 'wrap'; at: number }
  | { op: 'as-text'; at: number }
  | { op: 'rows'; count: number; sameBac: boolean }

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({ op: fc.constant('replace'), at: fc.nat(), value: nastyValue }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('delete'), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('extra'),
      at: fc.nat(),
      key: strangeKey,
      value: nastyValue,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('wrap'), at: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('as-text'), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('rows'),
      count: fc.constantFrom(0, 2, 300, 301, 2000),
      sameBac: fc.boolean(),
    }),
  },
) as fc.Arbitrary<Mutation>

export const mutations = fc.array(mutation, { minLength: 1, maxLength: 3 })

type Container = Record<string, unknown> | unknown[]

/** An object or array to walk into; raw JSON and long texts are single values. */
function isBranch(value: unknown): value is object {
  return (
    typeof value === 'object' &&
    value !== null &&
    !(value instanceof RawJson) &&
    !(value instanceof LongText)
  )
}
interface Slot {
  container: Container
  key: string | number
}

/** Every value of `root.body` with where it sits, breadth first, at most `limit`. */
function slotsOf(root: { body: unknown }, limit = 400): Slot[] {
  const slots: Slot[] = [{ container: root as Record<string, unknown>, key: 'body' }]
  for (let index = 0; index < slots.length && slots.length < limit; index++) {
    const slot = slots[index] as Slot
    const value = (slot.container as Record<string | number, unknown>)[slot.key]
    if (!isBranch(value)) continue
    for (const key of Object.keys(value)) {
      slots.push({ container: value as Container, key: Array.isArray(value) ? Number(key) : key })
    }
  }
  return slots
}

function setOwn(target: object, key: string | number, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** Applies the mutations to `body` (changed in place) and answers the result. */
export function applyMutations(body: unknown, plan: readonly Mutation[]): unknown {
  const root = { body }
  for (const change of plan) {
    if (change.op === 'rows') {
      setRows(root.body, change.count, change.sameBac)
      continue
    }
    const slots = slotsOf(root)
    const { container, key } = slots[change.at % slots.length] as Slot
    const current = (container as Record<string | number, unknown>)[key]
    if (change.op === 'replace') setOwn(container, key, change.value)
    else if (change.op === 'wrap') setOwn(container, key, [current])
    else if (change.op === 'as-text') setOwn(container, key, toJsonText(current))
    else if (change.op === 'delete') {
      if (Array.isArray(container) && typeof key === 'number') container.splice(key, 1)
      else if (container !== root) delete (container as Record<string, unknown>)[key]
      else root.body = undefined
    } else {
      const target = isBranch(current) ? current : container === root ? undefined : container
      if (target) setOwn(target, Array.isArray(target) ? target.length : change.key, change.value)
    }
  }
  return root.body
}

function setRows(body: unknown, count: number, sameBac: boolean): void {
  if (typeof body !== 'object' || body === null || !('dealers' in body)) return
  const dealers = (body as { dealers: unknown }).dealers
  if (!Array.isArray(dealers)) return
  const first = dealers[0]
  // Copies of a row holding 300 KB of text would only exhaust the test's own memory.
  if ((JSON.stringify(first)?.length ?? 0) * count > 4_000_000) return
  const rows = Array.from({ length: count }, (_, index) => {
    if (typeof first !== 'object' || first === null) return first
    const bac = (first as { bac?: unknown }).bac
    return sameBac ? { ...first } : { ...first, bac: `${String(bac)}${index}`.slice(-25) }
  })
  ;(body as { dealers: unknown }).dealers = rows
}
