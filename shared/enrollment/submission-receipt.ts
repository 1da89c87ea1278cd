import type { EnrollmentStatus, EnrollmentType } from './enrollment.js'

/**
 * What a public submission answers: enough to quote and to show the outcome, nothing that opens
 * the enrollment. The guid reaches only the authorized representative, in the mailed link
 * (docs/security.md, "The authorization link").
 */
export interface SubmissionReceipt {
  /** XXXX-XXXX-XXXX: names the enrollment to people, grants nothing. */
  reference: string
  status: EnrollmentStatus
  type: EnrollmentType
  brand: string
  year: number
}
