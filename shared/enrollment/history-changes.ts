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

/**
 * The enrollment's invoice, when an action issued, revised or voided it (docs/product.md#invoices):
 * '2026-0003 revision 1' → '2026-0003 revision 2', null → '… revision 1', or → '2026-0003 void'.
 */
export const INVOICE_FIELD = 'invoice'

/** A dealer row added to or removed from an LMA's table: `after` or `before` of `dealers[i]`. */
export type HistoryDealerRow = Pick<DealerEntry, 'bac' | 'name' | 'kitSize' | 'hispanic'>

/** One change of a history entry. */
export interface HistoryChange {
  /** `regionId`, `lma.{field}`, `dealers[i]`, `dealers[i].{field}`, `yearlyCost`, or another key. */
  field: string
  before: unknown
  after: unknown
  /** A change of a kept LMA dealer row: that row's BAC and name (its BAC alone once erased). */
  row?: string
  /**
   * Data retention erased what it held of a person (docs/security.md#data-retention): `before`
   * and `after` are null, or a dealer row without its name (shared/enrollment/retention.ts).
   */
  erased?: boolean
}

/** A change's key split up: `lma.city`, `dealers[2].kitSize`, `dealers[2]`, or anything else. */
export type ChangePath =
  | { kind: 'lma'; field: string }
  | { kind: 'dealer'; index: number; field: string | null }
  | { kind: 'other'; field: string }

export function parseChangePath(path: string): ChangePath {
  const lma = /^lma\.(\w+)$/.exec(path)
  if (lma?.[1]) return { kind: 'lma', field: lma[1] }
  const dealer = /^dealers\[(\d+)\](?:\.(\w+))?$/.exec(path)
  if (dealer?.[1]) return { kind: 'dealer', index: Number(dealer[1]), field: dealer[2] ?? null }
  return { kind: 'other', field: path }
}
