import { z } from 'zod'
import {
  BILLING_OPTIONS,
  ENROLLMENT_TYPES,
  HISPANIC_OPTIONS,
  KIT_SIZES,
  LMA_TYPES,
  MAX_DEALER_ROWS,
} from '../domain/enrollment-choices.js'
import { DEALER_FIELDS } from './dealer-entry-fields.js'
import { DRAFT_TEXT_MAX } from './draft.js'
import type { Enrollment } from './enrollment.js'
import { MAX_LENGTH } from './field-limits.js'
import { LMA_FIELDS } from './lma-record-fields.js'
import { hasInvalidCharacter } from './text-fields.js'
import { lengthMessage, MESSAGES, tooManyDealersMessage } from './validation-messages.js'

/**
 * A draft keeps what was typed, valid or not; only its shape and size are checked (each text at
 * most DRAFT_TEXT_MAX characters, at most MAX_DEALER_ROWS dealer rows, a choice one of its
 * values or blank), so anything else is a 400 and nothing is stored.
 */
const draftText = z
  .string()
  .max(DRAFT_TEXT_MAX, lengthMessage(DRAFT_TEXT_MAX))
  .refine((value) => !hasInvalidCharacter(value), MESSAGES.invalidCharacters)

const dealerChoices: Record<string, z.ZodType> = {
  kitSize: z.enum([...KIT_SIZES, '']),
  hispanic: z.enum([...HISPANIC_OPTIONS, '']),
  billing: z.enum([...BILLING_OPTIONS, 'Lma', '']),
}
const lmaChoices: Record<string, z.ZodType> = {
  nameChanged: z.boolean(),
  type: z.enum([...LMA_TYPES, '']),
}

function shapeOf(fields: readonly string[], choices: Record<string, z.ZodType>) {
  return Object.fromEntries(fields.map((field) => [field, choices[field] ?? draftText]))
}

const draftDealerSchema = z.object({
  ...shapeOf(DEALER_FIELDS, dealerChoices),
  simple: z.boolean().optional(),
})
const draftLmaSchema = z.object(shapeOf(LMA_FIELDS, lmaChoices))

/** The values of a saved form: the fields of the enrollment that a form edits. */
export type DraftValues = Pick<
  Enrollment,
  'type' | 'brand' | 'year' | 'regionId' | 'lma' | 'dealers'
>

/**
 * Typed as the form's values: the schema builds its fields from their one description (text
 * unless a choice), which zod's inferred type cannot follow.
 */
const draftValuesObject = z.object({
  type: z.enum(ENROLLMENT_TYPES),
  brand: z.string().min(1).max(20),
  year: z.int(),
  regionId: z.int().positive().nullable(),
  lma: draftLmaSchema.nullable(),
  dealers: z
    .array(draftDealerSchema)
    .min(1)
    .max(MAX_DEALER_ROWS, tooManyDealersMessage(MAX_DEALER_ROWS)),
})
export const draftValuesSchema = draftValuesObject as unknown as z.ZodType<DraftValues>

/** Save and continue later: where the link goes, and the form's values as they are. */
export const saveDraftBodySchema = z.object({
  email: z
    .string()
    .trim()
    .max(MAX_LENGTH.emailAddress, lengthMessage(MAX_LENGTH.emailAddress))
    .pipe(z.email(MESSAGES.emailInvalid)),
  values: draftValuesSchema,
})

export type SaveDraftBody = z.input<typeof saveDraftBodySchema>

/** A saved draft: its token (the form keeps it, so saving again updates this draft), where the link went, and until when it works. */
export const savedDraftSchema = z
  .object({
    token: z.string().describe('The capability in the mailed link; send it back to save again.'),
    email: z.string(),
    expiresAt: z.iso.datetime(),
    mailed: z
      .boolean()
      .describe('Whether this save mailed the link (a first save, or a new address).'),
  })
  .meta({ id: 'SavedDraft' })

export type SavedDraft = z.output<typeof savedDraftSchema>

/** A draft as its link opens it. */
export const openedDraftSchema = z
  .object({
    values: draftValuesSchema,
    email: z.string(),
    savedAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'OpenedDraft' })

export type OpenedDraft = z.output<typeof openedDraftSchema>

const draftToken = z
  .string()
  .max(100)
  .describe('The token of the draft link (`?draft=` of the form page).')

/** `?draft=` alone (saving again). */
export const draftQuerySchema = z.object({ draft: draftToken })

/** Opening a draft names the page it is opened on: its brand and form. */
export const openDraftQuerySchema = z.object({
  draft: draftToken,
  brand: z.string().max(20),
  form: z.enum(['dealer', 'lma']),
})

/** A submission may name the draft it completes, which is deleted with it. */
export const submitQuerySchema = z.object({ draft: draftToken.optional() })
