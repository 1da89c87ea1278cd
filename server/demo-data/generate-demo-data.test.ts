import { describe, expect, it } from 'vitest'
import { US_STATES } from '../../shared/domain/enrollment-choices.js'
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
    const options = { year: 2025, brands: BRANDS, dealers: 300, now: new Date('2026-03-01') }
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
    const { enrollments: both } = generateDemoData(
      { year: 2025, brands: BRANDS, dealerEnrollments: 11, lmaEnrollments: 3 },
      [],
    )
    const enrollments = both.filter((e) => e.enrollment.year === 2024)
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

  it('a program still open gets its demo enrollments over the 45 days before now', () => {
    const now = new Date('2026-11-20T12:00:00Z')
    const { enrollments } = generateDemoData({ year: 2027, brands: BRANDS, now }, [])
    const times = enrollments
      .filter((e) => e.enrollment.year === 2027)
      .map((e) => new Date(e.enrollment.created_at ?? 0).getTime())
    expect(Math.min(...times)).toBe(now.getTime() - 45 * 24 * 3600 * 1000)
    expect(Math.max(...times)).toBeLessThanOrEqual(now.getTime())
  })

  it("enrolls part of last year's approvals again this year, over the program's last 45 days", () => {
    const now = new Date('2026-11-20T12:00:00Z')
    const { enrollments } = generateDemoData({ year: 2025, brands: BRANDS, now }, [])
    const lastYear = enrollments.filter((e) => e.enrollment.year === 2024)
    const thisYear = enrollments.filter((e) => e.enrollment.year === 2025)
    const approved = lastYear.filter((e) => e.enrollment.status === 'Approved')
    expect(thisYear.length).toBeGreaterThan(approved.length * 0.4)
    expect(thisYear.length).toBeLessThan(approved.length * 0.7)
    // The 2025 program closed on December 31, 2025 (the default calendar): its demo
    // enrollments came in over its last 45 days, never after it closed.
    const end = new Date('2025-12-31T23:59:00Z').getTime()
    const times = thisYear.map((e) => new Date(e.enrollment.created_at ?? 0).getTime())
    expect(Math.min(...times)).toBe(end - 45 * 24 * 3600 * 1000)
    expect(Math.max(...times)).toBeLessThanOrEqual(end)
    const statuses = new Set(thisYear.map((e) => `${e.enrollment.type} ${e.enrollment.status}`))
    for (const seen of ['Dealer Approved', 'Dealer Approving', 'Lma Authorizing', 'Lma Approved'])
      expect(statuses).toContain(seen)
    // Each comes back under last year's BAC or LMA name.
    const lastKeys = new Set(lastYear.flatMap((e) => e.dealers.map((d) => `${d.brand} ${d.bac}`)))
    for (const e of thisYear) {
      for (const dealer of e.dealers) expect(lastKeys).toContain(`${dealer.brand} ${dealer.bac}`)
      expect(e.dealers.every((dealer) => dealer.year === 2025)).toBe(true)
    }
  })
})
