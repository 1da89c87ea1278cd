import type { MainData } from './data/seed-main.js'
import type { PlanCheck } from './plan-check.js'
import { type BenchRow, ms, times } from './table.js'

/** The EXPLAIN checks as table rows: plan and time, against the same query without indexes. */
export function planRows(checks: readonly PlanCheck[], data: MainData): BenchRow[] {
  const groups = [
    { path: 'Plan: LMA-name type-ahead', match: 'LMA-name' },
    {
      path: `Plan: admin list search, ${data.dealerRows.toLocaleString('en-US')} dealer rows`,
      match: 'Admin list',
    },
    {
      path: `Plan: Excel export, a page from the middle of ${data.enrollments.toLocaleString('en-US')}`,
      match: 'Excel export',
    },
  ]
  return groups.flatMap(({ path, match }) => {
    const group = checks.filter((check) => check.name.startsWith(match))
    if (group.length === 0) return []
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length
    const withIndex = mean(group.map((check) => check.plan.ms))
    const without = mean(group.map((check) => check.plan.withoutIndexMs))
    const indexes = [...new Set(group.flatMap((check) => check.plan.indexes))]
    const ok = group.every((check) => check.usesIndex)
    return [
      {
        path,
        load: `EXPLAIN ANALYZE${group.length > 1 ? `, mean of ${group.length}` : ''}`,
        result: `${ok ? 'index scan' : 'SEQUENTIAL SCAN'} (${indexes.filter((name) => /trgm|prefix|order/.test(name)).length} search or order indexes), ${ms(withIndex)}`,
        baseline: `index scans off: ${ms(without)}`,
        ratio: `${times(without / withIndex)} faster`,
      },
    ]
  })
}
