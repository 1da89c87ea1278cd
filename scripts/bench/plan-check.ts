import type { Kysely } from 'kysely'
import { createRepositories } from '../../server/app-context.js'
import type { Database } from '../../server/db/schema.js'
import { listClock } from '../../server/enrollment-list/find-enrollments.js'
import { EVERY_ENROLLMENT } from '../../shared/auth/staff-role.js'
import type { MainData } from './data/seed-main.js'
import { explainRepositoryCall, type QueryPlan } from './explain-plans.js'

export interface PlanCheck {
  name: string
  plan: QueryPlan
  expected: string[]
  usesIndex: boolean
}

interface Case {
  name: string
  run: (db: Kysely<Database>) => Promise<unknown>
  /** Indexes the first statement must use. */
  expected: string[]
  /** Relations (table and alias, as in the SQL) it must not read sequentially. */
  noSeqScan: string[]
}

/** EXPLAIN ANALYZE of the searches, as the repositories run them, on the seeded data. */
export async function checkPlans(
  db: Kysely<Database>,
  data: MainData,
  listYear: number,
): Promise<PlanCheck[]> {
  const [bac = '', zip = '', name = ''] = data.searchTerms
  const listSearch = (search: string) => (db: Kysely<Database>) =>
    createRepositories(db).enrollmentList.find(
      { scope: EVERY_ENROLLMENT, year: listYear, search },
      listClock(),
    )
  const listIndexes = ['enrollments_lma_name_trgm_idx', 'enrollment_dealers_name_trgm_idx']
  // A page of the Excel export from the middle of the table: the cursor is the last enrollment
  // of the first half.
  const exportReads = createRepositories(db).enrollmentExport
  const half = await exportReads.enrollmentsAfter(
    undefined,
    Math.ceil(data.enrollments / 2),
    EVERY_ENROLLMENT,
  )
  const middle = half[half.length - 1]
  const cursor = middle && {
    year: middle.year,
    brand: middle.brand,
    createdKey: middle.createdKey,
    id: middle.id,
  }
  const cases: Case[] = [
    {
      name: `LMA-name type-ahead, '${data.lmaNameText}'`,
      run: (db) => createRepositories(db).lookups.findLmasByName(data.lmaNameText, listYear + 1),
      expected: ['enrollments_lma_name_key_trgm_idx'],
      noSeqScan: ['enrollments'],
    },
    ...[bac, zip, name].map((term) => ({
      name: `Admin list search '${term}' in ${listYear}`,
      run: listSearch(term),
      expected: listIndexes,
      noSeqScan: ['enrollments l', 'enrollment_dealers d'],
    })),
    {
      // The start of a reference (random hex): the prefix index on its digits (0011).
      name: `Admin list search by reference 'c81c-6' in ${listYear}`,
      run: listSearch('c81c-6'),
      expected: ['enrollments_reference_digits_idx'],
      noSeqScan: ['enrollments r'],
    },
    {
      name: 'Excel export, a page of 1,000 enrollments from the middle',
      run: (db) =>
        createRepositories(db).enrollmentExport.enrollmentsAfter(cursor, 1000, EVERY_ENROLLMENT),
      expected: ['enrollments_export_order_idx'],
      noSeqScan: ['enrollments e'],
    },
    {
      // A regional manager's export: their regions filter the same range of the index.
      name: 'Excel export of two regions, a page of 1,000 enrollments from the middle',
      run: (db) =>
        createRepositories(db).enrollmentExport.enrollmentsAfter(cursor, 1000, {
          all: false,
          regionIds: [1, 6],
        }),
      expected: ['enrollments_export_order_idx'],
      noSeqScan: ['enrollments e'],
    },
  ]
  const checks: PlanCheck[] = []
  for (const item of cases) {
    const [plan] = await explainRepositoryCall(db, item.run)
    if (!plan) throw new Error(`${item.name}: no query ran`)
    const usesIndex =
      item.expected.every((index) => plan.indexes.includes(index)) &&
      !plan.seqScans.some((table) => item.noSeqScan.includes(table))
    checks.push({ name: item.name, plan, expected: item.expected, usesIndex })
  }
  return checks
}

export function printPlans(checks: readonly PlanCheck[]): void {
  for (const check of checks) {
    const verdict = check.usesIndex ? 'index scan' : 'NOT AN INDEX SCAN'
    process.stdout.write(
      `== ${check.name}: ${verdict}; ${check.plan.ms.toFixed(2)} ms, ` +
        `${check.plan.withoutIndexMs.toFixed(2)} ms with index scans off\n${check.plan.plan}\n\n`,
    )
  }
}
