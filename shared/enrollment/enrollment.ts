/** The enrollment domain as docs/product.md#fields describes it; shared by the browser and the server. */
import type { z } from 'zod'
import type { DealerEntry } from './dealer-entry-fields.js'
import type {
  bacLookupResultSchema,
  enrollmentListItemSchema,
  lmaLookupResultSchema,
} from './enrollment-wire-schema.js'
import type { LmaRecord } from './lma-record-fields.js'

export const ENROLLMENT_TYPES = ['Lma', 'Dealer'] as const
export type EnrollmentType = (typeof ENROLLMENT_TYPES)[number]

export const ENROLLMENT_STATUSES = ['Approved', 'Approving', 'Authorizing', 'Declined'] as const
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number]
/** Blank before the server assigns one; Deleted is only ever set in the browser after a delete. */
export type ClientEnrollmentStatus = EnrollmentStatus | '' | 'Deleted'

export const KIT_SIZES = ['Small', 'Large', 'None'] as const
export type KitSize = (typeof KIT_SIZES)[number]

export const HISPANIC_OPTIONS = ['Yes', 'No', 'Only', 'None'] as const
export type HispanicOption = (typeof HISPANIC_OPTIONS)[number]

export const BILLING_OPTIONS = ['ImrFunds', 'OpenParts', 'None'] as const
export type DealerBilling = (typeof BILLING_OPTIONS)[number]
/** Dealer rows of an LMA enrollment are billed through the LMA. */
export type Billing = DealerBilling | 'Lma'

export const LMA_TYPES = ['Turnkey', 'Custom'] as const
export type LmaType = (typeof LMA_TYPES)[number]

export const DEFAULT_COUNTRY = 'USA'

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

/** A row of the admin list (docs/product.md#api). */
export type EnrollmentListItem = z.output<typeof enrollmentListItemSchema>

/** `GET /api/enrollments/autocomplete/bac` answers a list of these. */
export type BacLookupResult = z.output<typeof bacLookupResultSchema>

/** `GET /api/enrollments/autocomplete/lma-name` answers a list of these. */
export type LmaLookupResult = z.output<typeof lmaLookupResultSchema>

export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const

/** Most dealer rows one LMA enrollment may carry. */
export const MAX_DEALER_ROWS = 300
