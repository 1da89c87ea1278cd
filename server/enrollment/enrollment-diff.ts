import type { DealerEntry, Enrollment } from '../../shared/enrollment/enrollment.js'
import type { HistoryChange } from '../db/schema.js'

type Content = Pick<Enrollment, 'regionId' | 'lma' | 'dealers'>

/** Field-level changes between two versions of an enrollment, for the history. */
export function diffEnrollment(before: Content, after: Content): HistoryChange[] {
  const changes: HistoryChange[] = []
  if (before.regionId !== after.regionId) {
    changes.push({ field: 'regionId', before: before.regionId, after: after.regionId })
  }
  const lmaBefore = (before.lma ?? {}) as Record<string, unknown>
  const lmaAfter = (after.lma ?? {}) as Record<string, unknown>
  for (const key of new Set([...Object.keys(lmaBefore), ...Object.keys(lmaAfter)])) {
    if (lmaBefore[key] !== lmaAfter[key]) {
      changes.push({
        field: `lma.${key}`,
        before: lmaBefore[key] ?? null,
        after: lmaAfter[key] ?? null,
      })
    }
  }
  const count = Math.max(before.dealers.length, after.dealers.length)
  for (let index = 0; index < count; index++) {
    changes.push(...diffDealer(index, before.dealers[index], after.dealers[index]))
  }
  return changes
}

const DEALER_FIELDS: Array<keyof DealerEntry> = [
  'bac',
  'name',
  'address',
  'city',
  'state',
  'postal',
  'country',
  'authName',
  'authTitle',
  'authEmailAddress',
  'authPhoneNumber',
  'authFaxNumber',
  'kitSize',
  'hispanic',
  'billing',
]

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
