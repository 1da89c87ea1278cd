import type { z } from 'zod'
import type { submissionReceiptSchema } from './enrollment-wire-schema.js'

/**
 * What a public submission answers: enough to quote and to show the outcome, nothing that opens
 * the enrollment. The guid reaches only the authorized representative, in the mailed link
 * (docs/security.md, "The authorization link").
 */
export type SubmissionReceipt = z.output<typeof submissionReceiptSchema>
