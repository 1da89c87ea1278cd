import { DEALER_ENTRY_FIELDS, type DealerField } from '@shared/enrollment/dealer-entry-fields'
import {
  type ChangePath,
  type HistoryDealerRow,
  INVOICE_FIELD,
  parseChangePath,
  REASON_SHOWN_FIELD,
  YEARLY_COST_FIELD,
} from '@shared/enrollment/history-changes'
import { LMA_RECORD_FIELDS, type LmaField } from '@shared/enrollment/lma-record-fields'
import { formatDate } from '@shared/format/date-text'
import { mailKindWords } from '@shared/format/mail-words'
import { formatDollars } from '@shared/format/money-text'
import type { Region } from '@shared/region/region'
import type { Choice } from '../../../components/form/choice-field'
import {
  BILLING_CHOICES,
  HISPANIC_CHOICES,
  KIT_SIZE_CHOICES,
  LMA_TYPE_CHOICES,
} from '../../enrollment/components/enrollment-choices'

/**
 * How the history names fields and shows values (docs/product.md#history), in one place. Field
 * labels come from the shared field descriptions (the export's column headers, which name each
 * field without its form section); values are shown as the forms show them: regions by name,
 * choices by their label, money and dates as everywhere else (shared/format/), a mail by its
 * kind's words, dealer rows by BAC and name. A field or value this table does not know (an
 * action added later) is shown as stored.
 */

const BLANK = '(blank)'
/** A value data retention erased (docs/security.md#data-retention). */
const ERASED = '(erased)'

/** Choices whose stored code differs from what the form shows ('ImrFunds' → 'iMR Funds'). */
const CHOICES: Partial<Record<string, readonly Choice[]>> = {
  kitSize: KIT_SIZE_CHOICES,
  hispanic: HISPANIC_CHOICES,
  billing: BILLING_CHOICES,
  type: LMA_TYPE_CHOICES,
}

const OTHER_LABELS: Record<string, string> = {
  regionId: 'Region',
  [YEARLY_COST_FIELD]: 'Yearly cost',
  // The office workflow's entries (docs/product.md#office-workflow).
  mail: 'Mail',
  paidOn: 'Paid on',
  paymentReference: 'Payment reference',
  // Decline's choice to show its reason on the enrollee's status page.
  [REASON_SHOWN_FIELD]: 'Reason shown on the status page',
  // An action that issued, revised or voided the invoice: '2026-0003 revision 1 → … revision 2'.
  [INVOICE_FIELD]: 'Invoice',
}

function isKey<T extends object>(table: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(table, key)
}

/** The label of a field of a change: 'Region', 'LMA City', 'Kit Size'; the raw key if unknown. */
export function fieldLabel(path: ChangePath): string {
  if (path.kind === 'lma' && isKey(LMA_RECORD_FIELDS, path.field)) {
    return LMA_RECORD_FIELDS[path.field as LmaField].export.header
  }
  if (path.kind === 'dealer' && path.field && isKey(DEALER_ENTRY_FIELDS, path.field)) {
    return DEALER_ENTRY_FIELDS[path.field as DealerField].export.header
  }
  if (path.kind === 'other' && isKey(OTHER_LABELS, path.field))
    return OTHER_LABELS[path.field] ?? path.field
  return path.kind === 'dealer' ? (path.field ?? 'Dealer') : path.field
}

function isDealerRow(value: unknown): value is HistoryDealerRow {
  return typeof value === 'object' && value !== null && 'bac' in value && 'name' in value
}

function choiceLabel(field: string, value: string): string {
  if (field === 'billing' && value === 'Lma') return 'LMA'
  return CHOICES[field]?.find((choice) => choice.value === value)?.label ?? value
}

/** A dealer row added or removed: '88000002 Valley Buick (Large, Hispanic: Yes)'. */
export function dealerRowText(row: HistoryDealerRow): string {
  const name = `${row.bac} ${row.name}`.trim()
  const kits = [
    row.kitSize && row.kitSize !== 'None' ? choiceLabel('kitSize', row.kitSize) : '',
    row.hispanic && row.hispanic !== 'None'
      ? `Hispanic: ${choiceLabel('hispanic', row.hispanic)}`
      : '',
  ].filter(Boolean)
  return kits.length > 0 ? `${name} (${kits.join(', ')})` : name
}

/** Money in a change: the yearly cost, or a number under a key that names an amount. */
function isMoney(field: string, value: unknown): value is number {
  return (
    typeof value === 'number' &&
    (field === YEARLY_COST_FIELD || /(amount|cost|total|price)$/i.test(field))
  )
}

/** A date in a change: a calendar date or a timestamp under a key that names one (`paidOn`). */
function isDate(field: string, value: unknown): value is string {
  return (
    typeof value === 'string' &&
    /(On|Date|At)$/.test(field) &&
    /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(value)
  )
}

/** A mail sent again is stored as '{kind} to {recipient}': the kind is shown in words. */
function mailText(value: string): string {
  const mail = /^([a-z-]+) to (.*)$/s.exec(value)
  return mail?.[1] ? `${mailKindWords(mail[1])} to ${mail[2]}` : value
}

/** A value of a change as the forms show it. */
export function valueText(path: ChangePath, value: unknown, regions: readonly Region[]): string {
  if (value === null || value === undefined || value === '') return BLANK
  if (isDealerRow(value)) return dealerRowText(value)
  if (path.kind === 'other' && path.field === 'regionId' && typeof value === 'number') {
    return regions.find((region) => region.id === value)?.name ?? `Region ${value}`
  }
  if (isMoney(path.field ?? '', value)) return formatDollars(value)
  if (isDate(path.field ?? '', value)) return formatDate(value)
  if (path.kind === 'other' && path.field === 'mail' && typeof value === 'string') {
    return mailText(value)
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return path.field ? choiceLabel(path.field, value) : value
  return JSON.stringify(value)
}

export interface ChangeText {
  /** What changed: 'Region', 'Dealer added', '88000003 Valley GMC: Kit Size'. */
  subject: string
  before: string | null
  after: string | null
}

/**
 * One change as a line of the history. A dealer row added or removed is one line with the row;
 * a field of an LMA's row is named with that row (its BAC and name, or its row number for
 * entries written before rows were named); a dealer enrollment's fields need no row.
 */
export function changeText(
  change: { field: string; before: unknown; after: unknown; row?: string; erased?: boolean },
  { regions, lmaRows }: { regions: readonly Region[]; lmaRows: boolean },
): ChangeText {
  const path = parseChangePath(change.field)
  if (path.kind === 'dealer' && path.field === null) {
    if (change.before === null || change.before === undefined) {
      return {
        subject: 'Dealer added',
        before: null,
        after: valueText(path, change.after, regions),
      }
    }
    if (change.after === null || change.after === undefined) {
      return {
        subject: 'Dealer removed',
        before: valueText(path, change.before, regions),
        after: null,
      }
    }
  }
  const label = fieldLabel(path)
  // A Decline records only whether it shows its reason: there was nothing before it.
  if (path.kind === 'other' && path.field === REASON_SHOWN_FIELD && change.before == null) {
    return { subject: label, before: null, after: valueText(path, change.after, regions) }
  }
  const row =
    path.kind === 'dealer' && (change.row || lmaRows)
      ? `${change.row || `Dealer row ${path.index + 1}`}: `
      : ''
  // Retention kept which field changed, not its values (a dealer row keeps its BAC and kits).
  if (change.erased) return { subject: `${row}${label}`, before: null, after: ERASED }
  return {
    subject: `${row}${label}`,
    before: valueText(path, change.before, regions),
    after: valueText(path, change.after, regions),
  }
}
