import type { Enrollment } from '@shared/enrollment/enrollment'
import type { LinkedEnrollment } from '@shared/enrollment/enrollment-authorization'
import type { SubmissionReceipt } from '@shared/enrollment/submission-receipt'
import { call } from '../../../lib/api-client'

/** Submits a new enrollment; a form opened from a saved draft names it, and it is deleted. */
export function postEnrollment(
  enrollment: Enrollment,
  draftToken?: string,
): Promise<SubmissionReceipt> {
  return call('POST /api/enrollments', {
    query: draftToken ? { draft: draftToken } : {},
    body: enrollment,
  })
}

/** An enrollment as its authorization link opens it: with its authorization, if one stands. */
export function getEnrollment(guid: string, signal?: AbortSignal): Promise<LinkedEnrollment> {
  return call('GET /api/enrollments/{guid}', { params: { guid }, signal })
}

/** The representative's authorization: answers the enrollment as the link opens it now. */
export function postAuthorization(guid: string, enrollment: Enrollment): Promise<LinkedEnrollment> {
  return call('POST /api/enrollments/{guid}/authorize', { params: { guid }, body: enrollment })
}
