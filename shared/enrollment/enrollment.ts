/**
 * The enrollment domain as docs/product.md#fields describes it; shared by the browser and the
 * server. The record is composed of its field descriptions and its choices (the statuses, types
 * and choices are shared/domain/enrollment-choices.ts's: import them from there).
 */
import type { z } from 'zod'
import type { ClientEnrollmentStatus, EnrollmentType } from '../domain/enrollment-choices.js'
import type { DealerEntry } from './dealer-entry-fields.js'
import type {
  bacLookupResultSchema,
  enrollmentHistoryItemSchema,
  enrollmentListChangesSchema,
  enrollmentListItemSchema,
  lmaLookupResultSchema,
  storedEnrollmentSchema,
} from './enrollment-wire-schema.js'
import type { LmaRecord } from './lma-record-fields.js'

export type { DealerEntry } from './dealer-entry-fields.js'
export type { LmaRecord } from './lma-record-fields.js'

export interface Enrollment {
  status: ClientEnrollmentStatus
  type: EnrollmentType
  brand: string
  year: number
  guid: string
  regionId: number | null
  lma: LmaRecord | null
  dealers: DealerEntry[]
  /** ISO 8601; on stored enrollments only. */
  created?: string
  modified?: string
  /** Optimistic-concurrency token of a stored enrollment. */
  version?: number
}

/** A stored enrollment as the API answers it: `POST /api/enrollments/{guid}/update` and the admin actions. */
export type SavedEnrollment = z.output<typeof storedEnrollmentSchema>

/** One entry of an enrollment's history: `GET /api/enrollments/{guid}/history` answers a list. */
export type EnrollmentHistoryItem = z.output<typeof enrollmentHistoryItemSchema>

/** A row of the admin list (docs/product.md#api). */
export type EnrollmentListItem = z.output<typeof enrollmentListItemSchema>

/** `GET /api/enrollments/changes` answers what changed in the admin list since a cursor. */
export type EnrollmentListChanges = z.output<typeof enrollmentListChangesSchema>

/** `GET /api/enrollments/autocomplete/bac` answers a list of these. */
export type BacLookupResult = z.output<typeof bacLookupResultSchema>

/** `GET /api/enrollments/autocomplete/lma-name` answers a list of these. */
export type LmaLookupResult = z.output<typeof lmaLookupResultSchema>
