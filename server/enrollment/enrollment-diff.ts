import { bacKey } from '../../shared/enrollment/bac-key.js'
import { DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import type { DealerEntry, Enrollment } from '../../shared/enrollment/enrollment.js'
import {
  type HistoryDealerRow,
  YEARLY_COST_FIELD,
} from '../../shared/enrollment/history-changes.js'
import { LMA_FIELDS } from '../../shared/enrollment/lma-record-fields.js'
import { centsToDollars, dealerRowCostCents } from '../../shared/enrollment/pricing.js'
import type { HistoryChange } from '../db/schema.js'

type Content = Pick<Enrollment, 'regionId' | 'lma' | 'dealers'>

/**
 * Field-level changes between two versions of an enrollment, for the history: the region, every
 * field of the LMA record, the dealers, then the yearly cost when it changed (in dollars, as
 * money is on the wire). An LMA's dealer rows are matched by BAC: a row whose BAC is new was
 * added, one whose BAC is gone was removed (each with its BAC, name and kits), and a row kept
 * names its changed fields with its BAC and name in `row`. Moving rows is no change.
 */
export function diffEnrollment(before: Content, after: Content): HistoryChange[] {
  const changes: HistoryChange[] = []
  if (before.regionId !== after.regionId) {
    changes.push({ field: 'regionId', before: before.regionId, after: after.regionId })
  }
  for (const field of LMA_FIELDS) {
    const lmaBefore = before.lma?.[field]
    const lmaAfter = after.lma?.[field]
    if (lmaBefore !== lmaAfter) {
      changes.push({ field: `lma.${field}`, before: lmaBefore ?? null, after: lmaAfter ?? null })
    }
  }
  changes.push(
    ...(after.lma || before.lma
      ? diffDealerRows(before.dealers, after.dealers)
      : diffByPosition(before.dealers, after.dealers)),
  )
  const costBefore = yearlyCostCents(before.dealers)
  const costAfter = yearlyCostCents(after.dealers)
  if (costBefore !== costAfter) {
    changes.push({
      field: YEARLY_COST_FIELD,
      before: centsToDollars(costBefore),
      after: centsToDollars(costAfter),
    })
  }
  return changes
}

/**
 * True when `after` stores exactly what `before` holds: no field changed and the dealer rows in
 * the same order (the history does not count a move, but the table shows it).
 */
export function sameContent(before: Content, after: Content): boolean {
  if (diffEnrollment(before, after).length > 0) return false
  return (
    before.dealers.length === after.dealers.length &&
    before.dealers.every((row, index) => row.bac === after.dealers[index]?.bac)
  )
}

function yearlyCostCents(dealers: readonly DealerEntry[]): number {
  return dealers.reduce((sum, dealer) => sum + dealerRowCostCents(dealer), 0)
}

/** A dealer enrollment's one entry: its fields, in place (a new BAC is a changed field). */
function diffByPosition(before: DealerEntry[], after: DealerEntry[]): HistoryChange[] {
  const count = Math.max(before.length, after.length)
  const changes: HistoryChange[] = []
  for (let index = 0; index < count; index++) {
    const old = before[index]
    const now = after[index]
    if (!old || !now) {
      changes.push({
        field: `dealers[${index}]`,
        before: old ? rowOf(old) : null,
        after: now ? rowOf(now) : null,
      })
    } else {
      changes.push(...fieldChanges(index, old, now))
    }
  }
  return changes
}

/** An LMA's dealer table: rows matched by BAC; removed rows, then added and changed ones in order. */
function diffDealerRows(before: DealerEntry[], after: DealerEntry[]): HistoryChange[] {
  const earlier = new Map(before.map((row, index) => [bacKey(row.bac), { row, index }]))
  const kept = new Set<string>()
  const later: HistoryChange[] = []
  after.forEach((row, index) => {
    const key = bacKey(row.bac)
    const old = earlier.get(key)
    if (!old || kept.has(key)) {
      later.push({ field: `dealers[${index}]`, before: null, after: rowOf(row) })
      return
    }
    kept.add(key)
    later.push(...fieldChanges(index, old.row, row, rowName(row)))
  })
  const removed: HistoryChange[] = before.flatMap((row, index) =>
    kept.has(bacKey(row.bac))
      ? []
      : [{ field: `dealers[${index}]`, before: rowOf(row), after: null }],
  )
  return [...removed, ...later]
}

function fieldChanges(
  index: number,
  before: DealerEntry,
  after: DealerEntry,
  row?: string,
): HistoryChange[] {
  return DEALER_FIELDS.filter((field) => (before[field] ?? '') !== (after[field] ?? '')).map(
    (field) => ({
      field: `dealers[${index}].${field}`,
      before: before[field] ?? '',
      after: after[field] ?? '',
      ...(row ? { row } : {}),
    }),
  )
}

function rowOf(entry: DealerEntry): HistoryDealerRow {
  return { bac: entry.bac, name: entry.name, kitSize: entry.kitSize, hispanic: entry.hispanic }
}

function rowName(entry: DealerEntry): string {
  return `${entry.bac} ${entry.name}`.trim()
}
