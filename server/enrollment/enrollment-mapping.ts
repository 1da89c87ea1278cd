import type { Selectable } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type {
  DealerEntry,
  Enrollment,
  EnrollmentStatus,
} from '../../shared/enrollment/enrollment.js'
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
  }
}

/** A stored dealer row in the wire shape. */
export function toDealerEntry(row: DealerRow): DealerEntry {
  return {
    bac: row.bac,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    postal: row.postal,
    country: row.country,
    authName: row.auth_name,
    authTitle: row.auth_title,
    authEmailAddress: row.auth_email_address,
    authPhoneNumber: row.auth_phone_number,
    authFaxNumber: row.auth_fax_number,
    kitSize: row.kit_size as DealerEntry['kitSize'],
    hispanic: row.hispanic as DealerEntry['hispanic'],
    billing: row.billing as DealerEntry['billing'],
  }
}

export function toDealerRow(
  enrollment: { id: string; brand: string; year: number },
  entry: DealerEntry,
  position: number,
): Omit<DealerRow, 'id'> {
  return {
    enrollment_id: enrollment.id,
    position,
    brand: enrollment.brand,
    year: enrollment.year,
    bac: entry.bac.trim(),
    bac_key: bacKey(entry.bac),
    name: entry.name.trim(),
    address: entry.address ?? '',
    city: entry.city ?? '',
    state: entry.state ?? '',
    postal: entry.postal ?? '',
    country: entry.country || 'USA',
    auth_name: entry.authName ?? '',
    auth_title: entry.authTitle ?? '',
    auth_email_address: entry.authEmailAddress ?? '',
    auth_phone_number: entry.authPhoneNumber ?? '',
    auth_fax_number: entry.authFaxNumber ?? '',
    kit_size: entry.kitSize || 'None',
    hispanic: entry.hispanic || 'None',
    billing: entry.billing || 'None',
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
