import { DEALER_FIELDS } from '../../shared/enrollment/dealer-entry-fields.js'
import type { DealerEntry, Enrollment } from '../../shared/enrollment/enrollment.js'
import { LMA_FIELDS } from '../../shared/enrollment/lma-record-fields.js'
import type { HistoryChange } from '../db/schema.js'

type Content = Pick<Enrollment, 'regionId' | 'lma' | 'dealers'>

/**
 * Field-level changes between two versions of an enrollment, for the history: every field of
 * the LMA record and of each dealer entry, in the order of their descriptions.
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
  const count = Math.max(before.dealers.length, after.dealers.length)
  for (let index = 0; index < count; index++) {
    changes.push(...diffDealer(index, before.dealers[index], after.dealers[index]))
  }
  return changes
}

function diffDealer(
  index: number,
  before: DealerEntry | undefined,
  after: DealerEntry | undefined,
): HistoryChange[] {
  if (!before || !after) {
    return [
      {
        field: `dealers[${index}]`,
        before: before ? summary(before) : null,
        after: after ? summary(after) : null,
      },
    ]
  }
  return DEALER_FIELDS.filter((field) => (before[field] ?? '') !== (after[field] ?? '')).map(
    (field) => ({
      field: `dealers[${index}].${field}`,
      before: before[field] ?? '',
      after: after[field] ?? '',
    }),
  )
}

function summary(entry: DealerEntry): string {
  return `${entry.bac} ${entry.name}`.trim()
}
