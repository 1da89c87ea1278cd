import type { Enrollment } from '@shared/enrollment/enrollment'
import type {
  EnrollmentAuthorization,
  EnrollmentSentBack,
} from '@shared/enrollment/enrollment-authorization'
import type { SubmissionReceipt } from '@shared/enrollment/submission-receipt'
import { api } from '../../../lib/api-client'

/** A stored enrollment as the API answers it. */
export type SavedEnrollment = Enrollment & {
  guid: string
  /** What the submitter quotes to the program office (see docs/product.md#mails). */
  reference: string
  created: string
  modified: string
  version: number
  /** When data retention erased its personal data (docs/security.md#data-retention); null while kept. */
  erased: string | null
}

/** An enrollment as its authorization link opens it: with its authorization, if one stands. */
export type LinkedEnrollment = SavedEnrollment & {
  authorized: EnrollmentAuthorization | null
  sentBack: EnrollmentSentBack | null
}

/** Submits a new enrollment; a form opened from a saved draft names it, and it is deleted. */
export function submitEnrollment(
  enrollment: Enrollment,
  draftToken?: string,
): Promise<SubmissionReceipt> {
  const query = draftToken ? `?draft=${encodeURIComponent(draftToken)}` : ''
  return api.post<SubmissionReceipt>(`/api/enrollments${query}`, enrollment)
}

export function getEnrollment(guid: string, signal?: AbortSignal): Promise<LinkedEnrollment> {
  return api.get<LinkedEnrollment>(`/api/enrollments/${encodeURIComponent(guid)}`, { signal })
}

export function authorizeEnrollment(
  guid: string,
  enrollment: Enrollment,
): Promise<LinkedEnrollment> {
  return api.post<LinkedEnrollment>(
    `/api/enrollments/${encodeURIComponent(guid)}/authorize`,
    enrollment,
  )
}
