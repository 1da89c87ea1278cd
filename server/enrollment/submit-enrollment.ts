import { randomUUID } from 'node:crypto'
import { findBrand } from '../../shared/brand/find-brand.js'
import type { Enrollment, EnrollmentStatus } from '../../shared/enrollment/enrollment.js'
import { validateEnrollment } from '../../shared/enrollment/enrollment-schema.js'
import { initialStatus } from '../../shared/enrollment/status-rules.js'
import { deleteCompletedDraft } from '../draft/drafts.js'
import { AppError } from '../http/app-error.js'
import { authorizationRequest, submissionReceipt } from '../mail/enrollee-mails.js'
import type { DealerSubmission } from './dealer-submission-repository.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { submitterActor } from './representative-actor.js'

/**
 * A public dealer or LMA form submission (docs/product.md#transitions, #duplicates): validated,
 * checked, stored, mailed. A form reopened from a saved draft names its token, and the draft is
 * deleted in the same transaction (docs/product.md#save-and-continue-later). The mails it causes
 * spend the daily budgets of the submitting `client` (clientKey) and of their recipients.
 */
export async function submitEnrollment(
  context: EnrollmentContext,
  body: unknown,
  draftToken: string | undefined,
  client: string,
): Promise<StoredEnrollment> {
  const input = await checkSubmission(context, body)
  const status = initialStatus(input)
  if (input.type === 'Dealer') {
    return submitDealerEnrollment(context, input, status, draftToken, client)
  }
  try {
    const stored = await context.db.transaction().execute(async (trx) => {
      await checkContentIsFree(context, trx, input, { duplicateIsConflict: true })
      const enrollment = await context.enrollments.insert(trx, {
        guid: randomUUID(),
        year: input.year,
        brand: input.brand,
        type: input.type,
        status,
        ...toStoredContent(input),
      })
      await context.history.record(trx, {
        guid: enrollment.guid,
        action: 'submitted',
        actor: submitterActor(input),
        statusBefore: null,
        statusAfter: status,
      })
      const request = authorizationRequest(context.config, enrollment, { client })
      if (request) {
        await context.lifecycle.markAuthorizationRequested(trx, enrollment.id)
        await context.outbox.enqueue(trx, request)
      }
      const receipt = submissionReceipt(enrollment, client)
      if (receipt) await context.outbox.enqueue(trx, receipt)
      await deleteCompletedDraft(context.drafts, trx, draftToken, input)
      return enrollment
    })
    context.mailQueued()
    return stored
  } catch (error) {
    throw translateUniqueViolation(error, input, { duplicateIsConflict: true })
  }
}

/**
 * A new dealer enrollment in one statement (dealer-submission-repository.ts), its receipt queued
 * with it (drawn by the mail worker, with the status link minted then). A taken BAC fails the
 * statement on the unique index: the same 409, nothing written (docs/decisions.md, "A dealer
 * submission is one statement").
 */
async function submitDealerEnrollment(
  context: EnrollmentContext,
  input: Enrollment,
  status: EnrollmentStatus,
  draftToken: string | undefined,
  client: string,
): Promise<StoredEnrollment> {
  const content = toStoredContent(input)
  const pending = {
    guid: randomUUID(),
    year: input.year,
    brand: input.brand,
    type: 'Dealer' as const,
    status,
    lma: null,
    dealers: content.dealers,
  }
  const receipt = submissionReceipt(pending, client)
  const submission: DealerSubmission = {
    ...pending,
    regionId: content.regionId,
    history: { action: 'submitted', actor: submitterActor(input) },
    ...(receipt && { receipt }),
  }
  try {
    const written =
      draftToken === undefined
        ? await context.dealerSubmissions.insert(context.db, submission)
        : await context.db.transaction().execute(async (trx) => {
            const inserted = await context.dealerSubmissions.insert(trx, submission)
            await deleteCompletedDraft(context.drafts, trx, draftToken, input)
            return inserted
          })
    context.mailQueued()
    return written
  } catch (error) {
    throw translateUniqueViolation(error, input, { duplicateIsConflict: true })
  }
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
