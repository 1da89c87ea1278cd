import { describe, expect, it } from 'vitest'
import { US_STATES } from '../../shared/enrollment/enrollment.js'
import { generateDemoData } from './generate-demo-data.js'
import { bacRange } from './synthetic-dealers.js'

const BRANDS = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]
const REGIONS = [
  { id: 1, name: 'Northeast' },
  { id: 2, name: 'Great Lakes' },
]

describe('generateDemoData', () => {
  it('is repeatable for a seed and differs between seeds', () => {
    const options = { year: 2025, brands: BRANDS, dealers: 300 }
    const first = generateDemoData(options, REGIONS)
    expect(generateDemoData(options, REGIONS)).toEqual(first)
    expect(generateDemoData({ ...options, seed: 99 }, REGIONS)).not.toEqual(first)
  })

  it('spreads distinct six-digit BACs over one range per brand', () => {
    const brands = [...BRANDS, { key: 'buick', name: 'Buick' }]
    const { directory, enrollments } = generateDemoData({ year: 2025, brands }, REGIONS)
    expect(directory).toHaveLength(3000)
    expect(new Set(directory.map((row) => row.bac)).size).toBe(3000)
    brands.forEach((brand, index) => {
      const { min, max } = bacRange(index, brands.length)
      const bacs = enrollments
        .filter((item) => item.enrollment.brand === brand.key)
        .flatMap((item) => item.dealers.map((dealer) => Number(dealer.bac)))
      expect(bacs.length).toBeGreaterThan(0)
      for (const bac of bacs) expect(bac >= min && bac <= max).toBe(true)
      const inRange = directory.filter((row) => Number(row.bac) >= min && Number(row.bac) <= max)
      expect(inRange).toHaveLength(1000)
    })
    for (const row of directory) expect(row.bac).toMatch(/^[1-9]\d{5}$/)
  })

  it('makes plausible directory rows', () => {
    const { directory } = generateDemoData({ year: 2025, brands: BRANDS, dealers: 500 }, REGIONS)
    const states = new Set<string>(US_STATES)
    for (const row of directory) {
      expect(states.has(row.state)).toBe(true)
      expect(row.postal).toMatch(/^\d{5}$/)
      expect(row.name.length).toBeGreaterThan(3)
      expect(row.name.length).toBeLessThanOrEqual(100)
      expect(row.address).toMatch(/^\d+ \S/)
      expect(row.city).not.toBe('')
      expect(row.country).toBe('USA')
    }
    expect(new Set(directory.map((row) => row.state)).size).toBeGreaterThan(40)
  })

  it('enrolls last year, splitting the counts over the brands', () => {
    const { enrollments } = generateDemoData(
      { year: 2025, brands: BRANDS, dealerEnrollments: 11, lmaEnrollments: 3 },
      [],
    )
    const count = (brand: string, type: string) =>
      enrollments.filter((e) => e.enrollment.brand === brand && e.enrollment.type === type).length
    expect([count('chevy', 'Dealer'), count('gm', 'Dealer')]).toEqual([6, 5])
    expect([count('chevy', 'Lma'), count('gm', 'Lma')]).toEqual([2, 1])
    for (const { enrollment } of enrollments) {
      expect(enrollment.year).toBe(2024)
      expect(enrollment.region_id).toBeNull()
      expect(new Date(enrollment.created_at ?? 0).getUTCFullYear()).toBe(2024)
    }
  })
})
