/**
 * The choices an enrollment's fields take, and the program's bounds on them
 * (docs/product.md#fields). Re-exported by enrollment.ts; the field descriptions and the wire
 * schemas, which enrollment.ts builds on, import them from here.
 */
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
