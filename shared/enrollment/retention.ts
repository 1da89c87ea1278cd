import { formatDate } from '../format/date-text.js'
import {
  DEALER_ENTRY_FIELDS,
  DEALER_FIELDS,
  type StoredDealerEntry,
} from './dealer-entry-fields.js'
import {
  type HistoryChange,
  type HistoryDealerRow,
  parseChangePath,
  REASON_SHOWN_FIELD,
  YEARLY_COST_FIELD,
} from './history-changes.js'
import { LMA_FIELDS, LMA_RECORD_FIELDS, type LmaRecord } from './lma-record-fields.js'

/**
 * Data retention (docs/security.md#data-retention): what erasing an enrollment's personal data
 * leaves of it. The fields' own descriptions say which are kept (`retention`); the server's job
 * (server/retention/) writes these values, and the admin screens show what is left.
 */

/** How the admin list and the dialog's title name an enrollment whose personal data is erased. */
export const ERASED_NAME = 'Personal data erased'

/** What the admin dialog of an erased enrollment says above its form. */
export function erasedNotice(erasedAt: string): string {
  return `Its personal data was erased on ${formatDate(erasedAt)} under the data retention rule: names, addresses, phones, emails, notes and mails are gone. Its status, kits and figures stay.`
}

/** The fields of the LMA record retention erases, each with the value it leaves. */
export function erasedLmaValues(): Partial<LmaRecord> {
  const values: Record<string, unknown> = {}
  for (const field of LMA_FIELDS) {
    const retention = LMA_RECORD_FIELDS[field].retention
    if (retention !== 'kept') values[field] = retention
  }
  return values as Partial<LmaRecord>
}

/** The fields of a dealer entry retention erases, each with the value it leaves. */
export function erasedDealerValues(): Partial<StoredDealerEntry> {
  const values: Record<string, string> = {}
  for (const field of DEALER_FIELDS) {
    const retention: string = DEALER_ENTRY_FIELDS[field].retention
    if (retention !== 'kept') values[field] = retention
  }
  return values as Partial<StoredDealerEntry>
}

/**
 * The changes of the history that hold nothing of a person, kept whole: the region, the yearly
 * cost, whether a decline reason was shown, a payment's date and reference (the invoice keeps
 * them for the accounts) and a rolled-over copy's source (a year and an enrollment id).
 */
const KEPT_CHANGES = new Set([
  'regionId',
  YEARLY_COST_FIELD,
  REASON_SHOWN_FIELD,
  'paidOn',
  'paymentReference',
  'source',
])

function erasedDealerRow(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const row: Record<string, unknown> = { ...(value as HistoryDealerRow) }
  for (const [field, erased] of Object.entries(erasedDealerValues())) {
    if (field in row) row[field] = erased
  }
  return row
}

/** Whether a change of this path holds nothing retention erases. */
function keptWhole(field: string): boolean {
  const path = parseChangePath(field)
  if (path.kind === 'lma') {
    const description = (LMA_RECORD_FIELDS as Record<string, { retention: unknown }>)[path.field]
    return description?.retention === 'kept'
  }
  if (path.kind === 'dealer') {
    if (path.field === null) return false
    const description = (DEALER_ENTRY_FIELDS as Record<string, { retention: unknown }>)[path.field]
    return description?.retention === 'kept'
  }
  return KEPT_CHANGES.has(path.field)
}

/**
 * One change of a history entry once retention has erased it: a field that names no one stays
 * as it was; a dealer row added or removed keeps its BAC and kits, without its name; any other
 * change (a contact's field, a mail's recipient, a change this table does not know) keeps only
 * which field it was. A kept LMA row is named by its BAC alone (a BAC holds no space).
 */
export function erasedHistoryChange(change: HistoryChange): HistoryChange {
  const row = change.row === undefined ? {} : { row: change.row.split(' ')[0] ?? '' }
  if (keptWhole(change.field)) return { ...change, ...row }
  const path = parseChangePath(change.field)
  if (path.kind === 'dealer' && path.field === null) {
    return {
      field: change.field,
      before: erasedDealerRow(change.before),
      after: erasedDealerRow(change.after),
      ...row,
      erased: true,
    }
  }
  return { field: change.field, before: null, after: null, ...row, erased: true }
}
