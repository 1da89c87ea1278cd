import { describe, expect, it } from 'vitest'
import { benchDirectory, enrollmentStream, takeDealerRows } from './bench-data.js'

const regions = [
  { id: 1, name: 'Northeast' },
  { id: 2, name: 'California' },
]

function stream(perYear = 400) {
  return enrollmentStream({
    dealers: benchDirectory(2000),
    regions,
    year: 2024,
    perYear,
    lmaShare: 0.1,
  })
}

describe('the benchmark data', () => {
  it('is the same on every run, guids included', () => {
    const first = [...takeDealerRows(stream(), 500)].map((item) => item.enrollment.guid)
    const second = [...takeDealerRows(stream(), 500)].map((item) => item.enrollment.guid)
    expect(first).toEqual(second)
  })

  it('holds exactly the dealer rows asked for, step after step', () => {
    const source = stream()
    const count = (rows: number) =>
      [...takeDealerRows(source, rows)].reduce((sum, item) => sum + item.dealers.length, 0)
    expect(count(1234)).toBe(1234)
    expect(count(766)).toBe(766)
  })

  it('enrolls a BAC at most once per brand and year, going back a year at a time', () => {
    const items = [...takeDealerRows(stream(), 1500)]
    const keys = items.flatMap((item) =>
      item.dealers.map((dealer) => `${dealer.brand} ${dealer.year} ${dealer.bac_key}`),
    )
    expect(new Set(keys).size).toBe(keys.length)
    expect(new Set(items.map((item) => item.enrollment.year))).toEqual(new Set([2024, 2023, 2022]))
    expect(new Set(items.map((item) => item.enrollment.status)).size).toBeGreaterThan(2)
  })
})
