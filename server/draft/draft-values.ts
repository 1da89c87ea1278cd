import { MAX_DEALER_ROWS } from '../../shared/domain/enrollment-choices.js'
import {
  DEALER_ENTRY_FIELDS,
  DEALER_FIELDS,
  type DealerField,
} from '../../shared/enrollment/dealer-entry-fields.js'
import type { DraftValues } from '../../shared/enrollment/draft-schema.js'
import { emptyDealerEntry, emptyLmaDealerRow } from '../../shared/enrollment/empty-enrollment.js'
import type { DealerEntry } from '../../shared/enrollment/enrollment.js'
import { MAX_LENGTH } from '../../shared/enrollment/field-limits.js'
import { LMA_FIELDS, type LmaRecord } from '../../shared/enrollment/lma-record-fields.js'

/** The fields a row of the LMA dealer table shows (and an LMA row keeps): the rest are blank. */
const LMA_ROW_FIELDS = DEALER_FIELDS.filter(
  (field) => DEALER_ENTRY_FIELDS[field].onLmaRow === 'kept',
)

/**
 * What a draft keeps of a form's values: only the fields its form shows (docs/security.md). The
 * dealer form shows one dealer entry and no LMA record; the LMA form its record and, of each
 * dealer row, the fields the table shows. Anything else a client sends is left out.
 */
export function keptDraftValues(values: DraftValues): DraftValues {
  const base = {
    type: values.type,
    brand: values.brand,
    year: values.year,
    regionId: values.regionId,
  }
  if (values.type === 'Dealer') {
    return { ...base, lma: null, dealers: values.dealers.slice(0, 1) }
  }
  return {
    ...base,
    lma: values.lma,
    dealers: values.dealers.map(
      (row) =>
        Object.fromEntries(
          LMA_ROW_FIELDS.map((field) => [field, row[field]]),
        ) as unknown as DealerEntry,
    ),
  }
}

/** A kept draft as its form reads it: every dealer field there, blank where the form shows none. */
export function openedDraftValues(values: DraftValues): DraftValues {
  const blank = values.type === 'Lma' ? emptyLmaDealerRow() : emptyDealerEntry()
  return { ...values, dealers: values.dealers.map((row) => ({ ...blank, ...row })) }
}

const LMA_FIELD_LIMITS: Partial<Record<keyof LmaRecord, number>> = {
  name: MAX_LENGTH.lmaName,
  previousName: MAX_LENGTH.previousLmaName,
  authFaxNumber: MAX_LENGTH.authPhoneNumber,
}
const DEALER_FIELD_LIMITS: Partial<Record<DealerField, number>> = {
  bac: MAX_LENGTH.bacLmaRow,
  name: MAX_LENGTH.dealerName,
}

/**
 * The largest real form: the LMA form with every dealer row the spec allows (300), every field
 * it shows at its longest (docs/product.md's field rules, shared/enrollment/field-limits.ts).
 */
function largestRealForm(): DraftValues {
  const text = (length: number) => 'x'.repeat(length)
  const lma = Object.fromEntries(
    LMA_FIELDS.map((field) => {
      if (field === 'nameChanged') return [field, true]
      if (field === 'type') return [field, 'Turnkey']
      const limit =
        LMA_FIELD_LIMITS[field] ??
        (MAX_LENGTH as Record<string, number>)[field] ??
        MAX_LENGTH.unshown
      return [field, text(limit)]
    }),
  ) as unknown as LmaRecord
  const row = Object.fromEntries(
    LMA_ROW_FIELDS.map((field) => {
      if (field === 'kitSize') return [field, 'Large']
      if (field === 'hispanic') return [field, 'Only']
      if (field === 'billing') return [field, 'Lma']
      return [field, text(DEALER_FIELD_LIMITS[field] ?? MAX_LENGTH.unshown)]
    }),
  ) as unknown as DealerEntry
  return {
    type: 'Lma',
    brand: 'chevy',
    year: 2025,
    regionId: 99,
    lma,
    dealers: Array.from({ length: MAX_DEALER_ROWS }, () => row),
  }
}

/**
 * The most a draft may hold, in characters of its stored JSON: the largest real form plus 10%
 * (about 61,000 characters). A larger one is refused (413) and nothing is stored.
 */
export const DRAFT_MAX_CHARACTERS = Math.ceil(JSON.stringify(largestRealForm()).length * 1.1)

/** The size a draft is measured by. */
export function draftCharacters(values: DraftValues): number {
  return JSON.stringify(values).length
}
