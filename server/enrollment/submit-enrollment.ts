import { randomUUID } from 'node:crypto'
import { findBrand } from '../../shared/brand/find-brand.js'
import type { Enrollment, EnrollmentStatus } from '../../shared/enrollment/enrollment.js'
import { validateEnrollment } from '../../shared/enrollment/enrollment-schema.js'
import { initialStatus } from '../../shared/enrollment/status-rules.js'
import { mintCapability } from '../capability/capability-token.js'
import { createDraftRepository } from '../draft/draft-repository.js'
import { deleteCompletedDraft } from '../draft/drafts.js'
import { AppError } from '../http/app-error.js'
import { statusLinkExpiryWords } from '../mail/templates/status-link-mail.js'
import type { DealerSubmission } from './dealer-submission-repository.js'
import {
  enqueueAuthorizationRequest,
  enqueueSubmissionReceipt,
  submissionReceipt,
} from './enqueue-enrollee-mails.js'
import { translateUniqueViolation } from './enrollment-conflicts.js'
import { checkContentIsFree, toStoredContent } from './enrollment-content.js'
import type { EnrollmentContext } from './enrollment-context.js'
import type { StoredEnrollment } from './enrollment-mapping.js'
import { submitterActor } from './representative-actor.js'
import { STATUS_LINK_LIFETIME_MONTHS } from './status-link-repository.js'

/**
 * A public dealer or LMA form submission (docs/product.md#transitions, #duplicates): validated,
 * checked, stored, mailed. A form reopened from a saved draft names its token, and the draft is
 * deleted in the same transaction (docs/product.md#save-and-continue-later).
 */
export async function submitEnrollment(
  context: EnrollmentContext,
  body: unknown,
  draftToken?: string,
): Promise<StoredEnrollment> {
  const input = await checkSubmission(context, body)
  const status = initialStatus(input)
  if (input.type === 'Dealer') return submitDealerEnrollment(context, input, status, draftToken)
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
      if (enrollment.type === 'Lma') await enqueueAuthorizationRequest(context, trx, enrollment)
      await enqueueSubmissionReceipt(context, trx, enrollment)
      await deleteCompletedDraft(createDraftRepository(context.db), trx, draftToken, input)
      return enrollment
    })
    context.mailQueued()
    return stored
  } catch (error) {
    throw translateUniqueViolation(error, input, { duplicateIsConflict: true })
  }
}

/**
 * A new dealer enrollment in one statement (dealer-submission-repository.ts): the receipt is
 * written first, with placeholders for the reference and the status link's expiry, which the
 * database gives. A taken BAC fails the statement on the unique index: the same 409, nothing
 * written (docs/decisions.md, "A dealer submission is one statement").
 */
async function submitDealerEnrollment(
  context: EnrollmentContext,
  input: Enrollment,
  status: EnrollmentStatus,
  draftToken: string | undefined,
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
    reference: placeholder('reference'),
  }
  const link = mintCapability()
  const expiryPlaceholder = placeholder('expiry')
  const mail = submissionReceipt(context, pending, {
    token: link.token,
    expires: expiryPlaceholder,
  })
  const submission: DealerSubmission = {
    ...pending,
    regionId: content.regionId,
    history: { action: 'submitted', actor: submitterActor(input) },
    ...(mail && {
      receipt: {
        tokenHash: link.hash,
        mail,
        referencePlaceholder: pending.reference,
        expiryPlaceholder,
        expiryTexts: statusLinkExpiryTexts(new Date()),
      },
    }),
  }
  try {
    const written =
      draftToken === undefined
        ? await context.dealerSubmissions.insert(context.db, submission)
        : await context.db.transaction().execute(async (trx) => {
            const inserted = await context.dealerSubmissions.insert(trx, submission)
            await deleteCompletedDraft(createDraftRepository(context.db), trx, draftToken, input)
            return inserted
          })
    context.mailQueued()
    return written
  } catch (error) {
    throw translateUniqueViolation(error, input, { duplicateIsConflict: true })
  }
}

/** Text no form can hold (a random UUID), which the writing statement replaces. */
function placeholder(name: string): string {
  return `[${name}:${randomUUID()}]`
}

/**
 * The words of the status link's expiry for each day the database may set it to: its lifetime
 * after the submission's time, which is the database's now(), give or take the clocks and the
 * end of a month (Postgres ends 18 months after Aug 31 on Feb 28, JavaScript on Mar 3).
 */
function statusLinkExpiryTexts(now: Date): Record<string, string> {
  const texts: Record<string, string> = {}
  const around = new Date(now)
  around.setUTCMonth(around.getUTCMonth() + STATUS_LINK_LIFETIME_MONTHS)
  for (let day = -4; day <= 2; day++) {
    const expires = new Date(around.getTime() + day * 86_400_000)
    texts[expires.toISOString().slice(0, 10)] = statusLinkExpiryWords(expires)
  }
  return texts
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
