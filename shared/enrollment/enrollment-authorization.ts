import type { z } from 'zod'
import type {
  enrollmentAuthorizationSchema,
  enrollmentSentBackSchema,
  linkedEnrollmentSchema,
} from './enrollment-wire-schema.js'

/**
 * When and by whom the LMA's representative authorized the enrollment, as long as that
 * authorization stands (a re-authorization asks for a new one) (docs/product.md#authorization-view).
 */
export type EnrollmentAuthorization = z.output<typeof enrollmentAuthorizationSchema>

/** The program office's send-back the representative is asked to answer (Re-authorize). */
export type EnrollmentSentBack = z.output<typeof enrollmentSentBackSchema>

/** What the authorization link's calls answer: the enrollment and its authorization. */
export type LinkedEnrollment = z.output<typeof linkedEnrollmentSchema>
