import { describe, expect, it } from 'vitest'
import { createRandom } from './random.js'

describe('createRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    const draw = (seed: number) => {
      const random = createRandom(seed)
      return [random.next(), random.int(1, 6), random.uuid(), random.digits(4)]
    }
    expect(draw(42)).toEqual(draw(42))
    expect(draw(42)).not.toEqual(draw(43))
  })

  it('keeps int, pick, weighted and shuffle within their inputs', () => {
    const random = createRandom(7)
    const seen = new Set<number>()
    for (let i = 0; i < 500; i++) {
      const value = random.int(3, 5)
      expect(value).toBeGreaterThanOrEqual(3)
      expect(value).toBeLessThanOrEqual(5)
      seen.add(value)
    }
    expect([...seen].sort()).toEqual([3, 4, 5])
    expect(['a', 'b']).toContain(random.pick(['a', 'b']))
    expect(
      random.weighted([
        ['never', 0],
        ['always', 1],
      ]),
    ).toBe('always')
    expect(random.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4])
    expect(random.digits(5)).toMatch(/^\d{5}$/)
    expect(() => random.pick([])).toThrow('empty')
  })

  it('makes version 4 UUIDs', () => {
    const random = createRandom(1)
    const uuids = Array.from({ length: 200 }, () => random.uuid())
    for (const uuid of uuids) {
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
    expect(new Set(uuids).size).toBe(200)
  })
})
