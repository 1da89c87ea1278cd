import type { Enrollment } from '@shared/enrollment/enrollment'
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
}

export function submitEnrollment(enrollment: Enrollment): Promise<SubmissionReceipt> {
  return api.post<SubmissionReceipt>('/api/enrollments', enrollment)
}

export function getEnrollment(guid: string, signal?: AbortSignal): Promise<SavedEnrollment> {
  return api.get<SavedEnrollment>(`/api/enrollments/${encodeURIComponent(guid)}`, { signal })
}

export function authorizeEnrollment(
  guid: string,
  enrollment: Enrollment,
): Promise<SavedEnrollment> {
  return api.post<SavedEnrollment>(
    `/api/enrollments/${encodeURIComponent(guid)}/authorize`,
    enrollment,
  )
}
