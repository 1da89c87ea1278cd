import { z } from 'zod'
import { MAIL_STATUSES } from '../domain/mail-statuses.js'
import { hasInvalidCharacter } from '../enrollment/text-fields.js'
import { normalizeText } from '../enrollment/text-normalization.js'
import { lengthMessage, MESSAGES } from '../enrollment/validation-messages.js'
import { OFFICE_LIMITS, SHARE_WITHOUT_REASON } from './office-limits.js'

/**
 * Free text an administrator writes (a reason, a note): normalized like the forms' fields, line
 * breaks kept (CRLF becomes LF), other control characters refused, at most `max` characters.
 */
function officeText(max: number) {
  return z
    .string({ error: 'Must be text.' })
    .transform((value) =>
      value
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => normalizeText(line))
        .join('\n')
        .trim(),
    )
    .refine(
      (value) => !hasInvalidCharacter(value.replaceAll('\n', ' ')),
      MESSAGES.invalidCharacters,
    )
    .refine((value) => value.length <= max, lengthMessage(max))
}

/** Re-authorize: no body, {} or a reason. */
export const reasonBody = z
  .strictObject(
    { reason: officeText(OFFICE_LIMITS.reason).optional() },
    { error: 'Send an empty body, {} or { "reason": "..." }.' },
  )
  .nullish()

/**
 * Decline's choice to show its reason on the enrollee's status page (docs/product.md#status-page);
 * not shown unless asked.
 */
const shareReason = z.boolean({ error: 'shareReason must be true or false.' }).optional().meta({
  description:
    'Show the reason to the enrollee on their status page while the enrollment is Declined; false when left out. Needs a reason.',
})

/** A body that asks to show its reason must have one. */
function reasonToShare(body: { reason?: string | undefined; shareReason?: boolean | undefined }) {
  return body.shareReason !== true || Boolean(body.reason)
}

/** Decline: no body, {} or a reason, and whether the enrollee's status page shows it. */
export const declineBody = z
  .strictObject(
    { reason: officeText(OFFICE_LIMITS.reason).optional(), shareReason },
    { error: 'Send an empty body, {} or { "reason": "...", "shareReason": true }.' },
  )
  .refine(reasonToShare, { message: SHARE_WITHOUT_REASON, path: ['shareReason'] })
  .nullish()

export const noteBody = z.strictObject({
  text: officeText(OFFICE_LIMITS.note).refine((value) => value !== '', 'Write the note first.'),
})

export const noteSchema = z
  .object({ id: z.string(), author: z.string(), text: z.string(), at: z.iso.datetime() })
  .meta({ id: 'EnrollmentNote' })

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date written YYYY-MM-DD. */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

export const paymentBody = z.strictObject({
  paidOn: z
    .string({ error: 'Enter the date the payment arrived.' })
    .refine(isCalendarDate, 'Enter the date as YYYY-MM-DD.'),
  reference: officeText(OFFICE_LIMITS.paymentReference).optional().default(''),
})

export const mailStatusSchema = z.enum(MAIL_STATUSES)

export const enrollmentMailSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    recipient: z.string(),
    subject: z.string(),
    status: mailStatusSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    queuedAt: z.iso.datetime(),
    sentAt: z.iso.datetime().nullable(),
    nextAttemptAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'EnrollmentMail' })

export const bulkBody = z
  .strictObject({
    guids: z
      .array(z.uuid({ error: 'Each enrollment id must be a UUID.' }), {
        error: 'Name the enrollments as a list of ids.',
      })
      .min(1, 'Select at least one enrollment.')
      .max(
        OFFICE_LIMITS.bulkBatch,
        `At most ${OFFICE_LIMITS.bulkBatch} enrollments can be changed in one request.`,
      )
      .refine(
        (guids) => new Set(guids).size === guids.length,
        'Each enrollment may be named once.',
      ),
    reason: officeText(OFFICE_LIMITS.reason).optional(),
    /** Decline only: show the reason on each enrollee's status page. */
    shareReason,
    /** Answer what would happen (done: would change; skipped: why not) and change nothing. */
    dryRun: z.boolean({ error: 'dryRun must be true or false.' }).optional(),
  })
  .refine(reasonToShare, { message: SHARE_WITHOUT_REASON, path: ['shareReason'] })

export const bulkResultSchema = z
  .object({
    done: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        guid: z.uuid(),
        outcome: z.enum(['done', 'skipped', 'failed']),
        status: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BulkResult' })

export type EnrollmentNote = z.output<typeof noteSchema>
export type EnrollmentMail = z.output<typeof enrollmentMailSchema>
export type BulkResult = z.output<typeof bulkResultSchema>
