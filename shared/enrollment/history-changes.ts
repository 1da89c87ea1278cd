import type { DealerEntry } from './enrollment.js'

/**
 * What a history entry's changes hold besides plain field values (docs/product.md#history); the
 * server writes them (server/enrollment/enrollment-diff.ts) and the admin dialog shows them.
 */

/** The change of an enrollment's yearly kit cost, in dollars (money on the wire). */
export const YEARLY_COST_FIELD = 'yearlyCost'

/**
 * Whether the enrollee's status page shows the decline reason (docs/product.md#history): a
 * Decline with a reason records `after` true or false (no `before`); a change of status that
 * hides a shown reason records true → false.
 */
export const REASON_SHOWN_FIELD = 'reasonShown'

/** A dealer row added to or removed from an LMA's table: `after` or `before` of `dealers[i]`. */
export type HistoryDealerRow = Pick<DealerEntry, 'bac' | 'name' | 'kitSize' | 'hispanic'>

/** One change of a history entry. */
export interface HistoryChange {
  /** `regionId`, `lma.{field}`, `dealers[i]`, `dealers[i].{field}`, `yearlyCost`, or another key. */
  field: string
  before: unknown
  after: unknown
  /** A change of a kept LMA dealer row: that row's BAC and name. */
  row?: string
}
