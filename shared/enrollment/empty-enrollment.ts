import type { EnrollmentType } from '../domain/enrollment-choices.js'
import { emptyStoredDealerEntry } from './dealer-entry-fields.js'
import type { DealerEntry, Enrollment } from './enrollment.js'
import { emptyLmaRecord } from './lma-record-fields.js'

export { emptyLmaRecord }

/** A blank dealer entry: every text '', country USA, not simple. */
export function emptyDealerEntry(overrides: Partial<DealerEntry> = {}): DealerEntry {
  return { ...emptyStoredDealerEntry(), simple: false, ...overrides }
}

/** A blank row of the LMA dealer table: simple, billed through the LMA. */
export function emptyLmaDealerRow(): DealerEntry {
  return emptyDealerEntry({ simple: true, billing: 'Lma' })
}

/** The blank enrollment a form starts from (docs/product.md#fields). */
export function newEnrollment(init: {
  type: EnrollmentType
  brand: string
  year: number
}): Enrollment {
  const base = { status: '', guid: '', regionId: null, ...init } as const
  if (init.type === 'Dealer') return { ...base, lma: null, dealers: [emptyDealerEntry()] }
  return { ...base, lma: emptyLmaRecord(), dealers: [emptyLmaDealerRow()] }
}
