/**
 * A seeded pseudo-random source (mulberry32): the same seed yields the same demo data on every
 * machine, so screenshots, demos and end-to-end tests can rely on it. Not for anything secret.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with the given probability. */
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  /** Picks by weight: `weighted([['a', 3], ['b', 1]])` gives 'a' three times as often as 'b'. */
  weighted<T>(choices: ReadonlyArray<readonly [T, number]>): T
  shuffle<T>(items: readonly T[]): T[]
  /** `count` decimal digits, leading zeros kept. */
  digits(count: number): string
  /** A version 4 UUID made from this source, so it is as repeatable as the rest. */
  uuid(): string
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('Cannot pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    weighted: (choices) => {
      const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [value, weight] of choices) {
        roll -= weight
        if (roll < 0) return value
      }
      return pick(choices)[0]
    },
    shuffle: (items) => {
      const copy = [...items]
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i)
        ;[copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]]
      }
      return copy
    },
    digits: (count) => Array.from({ length: count }, () => String(int(0, 9))).join(''),
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => int(0, 15).toString(16))
      hex[12] = '4'
      hex[16] = (8 + int(0, 3)).toString(16)
      const s = hex.join('')
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
    },
  }
}
