import { randomBytes, randomUUID } from 'node:crypto'
import { findBrand } from '../../shared/brand/find-brand.js'
import type { EnrollmentStatus } from '../../shared/domain/enrollment-choices.js'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { validateEnrollment } from '../../shared/enrollment/enrollment-schema.js'
import { initialStatus } from '../../shared/enrollment/status-rules.js'
import { deleteCompletedDraft } from '../draft/drafts.js'
import { AppError } from '../http/app-error.js'
import {
  authorizationRequest,
  type EnrolleeMailConfig,
  submissionReceipt,
} from '../mail/enrollee-mails.js'
import type { OutgoingMail } from '../mail/outbox-repository.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { submitterActor } from './representative-actor.js'
import type { Submission } from './submission-repository.js'

/**
 * A public dealer or LMA form submission (docs/product.md#transitions, #duplicates): validated,
 * checked, then written with its mails in one statement (submission-repository.ts; docs/
 * decisions.md, "A submission is one statement"). A form reopened from a saved draft names its
 * token, and the draft is deleted in the same transaction (docs/product.md#save-and-continue-later).
 * The mails it causes spend the daily budgets of the submitting `client` (clientKey) and of their
 * recipients.
 *
 * An LMA's name and BACs are looked for first, so that a 400 names every taken BAC (a 409 for a
 * taken name); a dealer's one BAC is left to the statement's unique index, a 409. Either way the
 * unique indexes settle a race the look-up cannot see, with the same answers.
 */
export async function submitEnrollment(
  context: EnrollmentContext,
  body: unknown,
  draftToken: string | undefined,
  client: string,
): Promise<StoredEnrollment> {
  const input = await checkSubmission(context, body)
  const conflicts = { duplicateIsConflict: true }
  if (input.type === 'Lma') await checkContentIsFree(context, context.db, input, conflicts)
  const submission = submissionOf(context.config, input, initialStatus(input), client)
  try {
    const written =
      draftToken === undefined
        ? await context.submissions.insert(context.db, submission)
        : await context.db.transaction().execute(async (trx) => {
            const inserted = await context.submissions.insert(trx, submission)
            await deleteCompletedDraft(context.drafts, trx, draftToken, input)
            return inserted
          })
    context.mailQueued()
    return written
  } catch (error) {
    throw translateUniqueViolation(error, input, conflicts)
  }
}

/**
 * What a submission writes: the enrollment as stored (an LMA's dealer rows keep what its table
 * shows), with its guid and reference given here, so that each mail it causes is built once,
 * before the write: an LMA's authorization request, then the receipt (drawn by the mail worker
 * when it leaves, with the status link minted then).
 */
function submissionOf(
  config: EnrolleeMailConfig,
  input: Enrollment,
  status: EnrollmentStatus,
  client: string,
): Submission {
  const enrollment = {
    guid: randomUUID(),
    reference: newReference(),
    year: input.year,
    brand: input.brand,
    type: input.type,
    status,
    ...toStoredContent(input),
  }
  const request = authorizationRequest(config, enrollment, { client })
  const mails = [request, submissionReceipt(enrollment, client)].filter(
    (mail): mail is OutgoingMail => mail !== undefined,
  )
  return {
    ...enrollment,
    history: { action: 'submitted', actor: submitterActor(input) },
    authorizationRequested: request !== undefined,
    mails,
  }
}

/**
 * A new enrollment's reference: twelve random hexadecimal digits as XXXX-XXXX-XXXX, as the
 * database's default gives the rows other writers insert (migration 0006).
 */
export function newReference(): string {
  const digits = randomBytes(6).toString('hex').toUpperCase()
  return `${digits.slice(0, 4)}-${digits.slice(4, 8)}-${digits.slice(8)}`
}

async function checkSubmission(context: EnrollmentContext, body: unknown): Promise<Enrollment> {
  const result = validateEnrollment(body, { mode: 'new' })
  if (!result.success) throw AppError.badRequest('The enrollment is not valid.', result.errors)
  const input = result.data
  const { config } = context
  if (!findBrand(config.BRANDS, input.brand)) {
    throw AppError.badRequest('The brand is not part of the program.', {
      brand: ['The brand is not part of the program.'],
    })
  }
  input.brand = input.brand.toLowerCase()
  if (input.year !== config.ENROLLMENT_YEAR) {
    const message = `Enrollments are accepted for ${config.ENROLLMENT_YEAR} only.`
    throw AppError.badRequest(message, { year: [message] })
  }
  if (input.regionId !== null && !(await context.regions.exists(input.regionId))) {
    throw AppError.badRequest('The region is not valid.', { regionId: ['Region is not valid.'] })
  }
  return input
}
