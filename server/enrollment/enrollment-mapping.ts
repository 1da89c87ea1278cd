import type { Selectable } from 'kysely'
import type { EnrollmentStatus } from '../../shared/domain/enrollment-choices.js'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import {
  DEALER_ENTRY_FIELDS,
  DEALER_FIELDS,
  type DealerEntryColumns,
  type DealerFieldDescription,
} from '../../shared/enrollment/dealer-entry-fields.js'
import type { DealerEntry, Enrollment } from '../../shared/enrollment/enrollment.js'
import type { SubmissionReceipt } from '../../shared/enrollment/submission-receipt.js'
import type { EnrollmentDealerTable, EnrollmentTable } from '../db/schema.js'

export type EnrollmentRow = Selectable<EnrollmentTable>
export type DealerRow = Selectable<EnrollmentDealerTable>

/** A stored enrollment: the wire shape plus the database id. */
export interface StoredEnrollment extends Enrollment {
  id: string
  status: EnrollmentStatus
  created: string
  modified: string
  version: number
  /** What the submitter quotes (XXXX-XXXX-XXXX); names the enrollment, grants nothing. */
  reference: string
  /** When data retention erased its personal data; null while kept. */
  erased: string | null
}

export function toStoredEnrollment(row: EnrollmentRow, dealers: DealerRow[]): StoredEnrollment {
  return {
    id: row.id,
    guid: row.guid,
    year: row.year,
    brand: row.brand,
    type: row.type,
    status: row.status,
    regionId: row.region_id,
    lma: row.lma ?? null,
    dealers: dealers.map(toDealerEntry),
    created: new Date(row.created_at).toISOString(),
    modified: new Date(row.modified_at).toISOString(),
    version: row.version,
    reference: row.reference,
    erased: row.erased_at ? new Date(row.erased_at).toISOString() : null,
  }
}

/** A stored dealer row in the wire shape. */
export function toDealerEntry(row: DealerRow): DealerEntry {
  const entry: Record<string, string> = {}
  for (const field of DEALER_FIELDS) entry[field] = row[DEALER_ENTRY_FIELDS[field].column]
  return entry as unknown as DealerEntry
}

/** The columns of a blank dealer row. */
export function blankDealerColumns(): DealerEntryColumns {
  const columns: Record<string, string> = {}
  for (const field of DEALER_FIELDS) {
    const description: DealerFieldDescription<string> = DEALER_ENTRY_FIELDS[field]
    columns[description.column] = description.storedWhenBlank ?? description.empty
  }
  return columns as unknown as DealerEntryColumns
}

/** A dealer entry as a row: each field trimmed, a blank one stored as its field describes. */
export function toDealerRow(
  enrollment: { id: string; brand: string; year: number },
  entry: DealerEntry,
  position: number,
): Omit<DealerRow, 'id'> {
  const columns: Record<string, string> = {}
  for (const field of DEALER_FIELDS) {
    const description: DealerFieldDescription<string> = DEALER_ENTRY_FIELDS[field]
    const value = (entry[field] ?? '').trim()
    columns[description.column] = value || (description.storedWhenBlank ?? description.empty)
  }
  return {
    ...(columns as unknown as DealerEntryColumns),
    enrollment_id: enrollment.id,
    position,
    brand: enrollment.brand,
    year: enrollment.year,
    bac_key: bacKey(entry.bac),
  }
}

export function toReceipt(enrollment: StoredEnrollment): SubmissionReceipt {
  const { reference, status, type, brand, year } = enrollment
  return { reference, status, type, brand, year }
}

/** The wire shape: the stored enrollment without its database id. */
export function toWire({ id: _id, ...enrollment }: StoredEnrollment): Omit<StoredEnrollment, 'id'> {
  return enrollment
}
