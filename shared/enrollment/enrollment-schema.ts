import * as z from 'zod/mini'
import { MAX_DEALER_ROWS } from '../domain/enrollment-choices.js'
import { dealerEntrySchema } from './dealer-entry-schema.js'
import { uniqueBacs } from './duplicate-bacs.js'
import type { DealerEntry, Enrollment } from './enrollment.js'
import { issuesToFieldErrors, type ValidationResult } from './field-errors.js'
import { lmaSchema } from './lma-schema.js'
import { lenientText, requiredText } from './text-fields.js'
import { MESSAGES, tooManyDealersMessage } from './validation-messages.js'

export interface EnrollmentSchemaOptions {
  /**
   * 'new': a public submission. 'edit': a change to a submitted enrollment, the administrator's
   * Save Changes and the representative's Authorize alike (the form in the browser and the call
   * on the server): the region is then required.
   */
  mode: 'new' | 'edit'
}

/** Largest value of a PostgreSQL integer column. */
const MAX_INT = 2_147_483_647

/** A field whose input is ignored: the output is always `value`. */
function ignored<const T>(value: T) {
  return z.pipe(
    z.optional(z.unknown()),
    z.transform((): T => value),
  )
}

/**
 * A region id: a positive integer (a numeric string from a select is accepted), null when blank.
 * Required in edit mode.
 */
function regionIdSchema(mode: EnrollmentSchemaOptions['mode']) {
  const regionId = z.pipe(
    z.pipe(z.prefault(z.unknown(), null), z.transform(normalizeRegionId)),
    z.nullable(
      z
        .int({ error: MESSAGES.regionInvalid })
        .check(z.positive(MESSAGES.regionInvalid), z.lte(MAX_INT, MESSAGES.regionInvalid)),
    ),
  )
  if (mode === 'new') return regionId
  return regionId.check(
    z.check<number | null>((payload) => {
      if (payload.value !== null) return
      payload.issues.push({ code: 'custom', message: MESSAGES.regionRequired, input: null })
    }),
  )
}

function normalizeRegionId(value: unknown): unknown {
  if (value === undefined || value === '') return null
  if (typeof value === 'string' && /^\d{1,10}$/.test(value.trim())) return Number(value.trim())
  return value
}

function commonShape(mode: EnrollmentSchemaOptions['mode']) {
  return {
    /** The server decides every status (docs/product.md#transitions). */
    status: ignored(''),
    brand: requiredText(MESSAGES.brandRequired, 50),
    year: z
      .int({ error: MESSAGES.yearInvalid })
      .check(z.gte(1900, MESSAGES.yearInvalid), z.lte(9999, MESSAGES.yearInvalid)),
    guid: lenientText(100),
    regionId: regionIdSchema(mode),
    /** Optimistic-concurrency token, when the client sends it back. */
    version: z.optional(
      z
        .int({ error: MESSAGES.versionInvalid })
        .check(z.gte(0, MESSAGES.versionInvalid), z.lte(MAX_INT, MESSAGES.versionInvalid)),
    ),
  }
}

/** Checks the row count before any row is read, so that 100,000 rows cost nothing. */
function rowCount(min: number, max: number, tooFew: string, tooMany: string) {
  return z
    .array(z.unknown(), { error: tooFew })
    .check(z.minLength(min, tooFew), z.maxLength(max, tooMany))
}

function dealerEnrollmentSchema(mode: EnrollmentSchemaOptions['mode']) {
  return z.object({
    ...commonShape(mode),
    type: z.literal('Dealer'),
    lma: ignored(null),
    dealers: z.pipe(
      rowCount(1, 1, MESSAGES.dealerCountDealer, MESSAGES.dealerCountDealer),
      z.array(dealerEntrySchema({ variant: 'full', mode, form: 'dealer' })),
    ),
  })
}

function lmaEnrollmentSchema(mode: EnrollmentSchemaOptions['mode']) {
  return z.object({
    ...commonShape(mode),
    type: z.literal('Lma'),
    lma: lmaSchema,
    dealers: z.pipe(
      rowCount(
        1,
        MAX_DEALER_ROWS,
        MESSAGES.dealersRequired,
        tooManyDealersMessage(MAX_DEALER_ROWS),
      ),
      z.pipe(
        z.array(dealerEntrySchema({ variant: 'simple', mode, form: 'lma' })).check(uniqueBacs),
        // Rows of an LMA enrollment are billed through the LMA, whatever the client sent.
        z.transform((rows: DealerEntry[]) =>
          rows.map((row) => ({ ...row, billing: 'Lma' as const })),
        ),
      ),
    ),
  })
}

/**
 * The whole enrollment (docs/product.md#enrollment-checks): a dealer enrollment holds one full dealer entry, an LMA
 * enrollment its LMA record and 1 to MAX_DEALER_ROWS simple rows. The status sent is ignored
 * (always '' in the output), `lma` of a dealer enrollment becomes null, unknown fields are dropped.
 */
export function enrollmentSchema(options: EnrollmentSchemaOptions): z.ZodMiniType<Enrollment> {
  let schema = schemas.get(options.mode)
  if (!schema) {
    schema = buildEnrollmentSchema(options.mode)
    schemas.set(options.mode, schema)
  }
  return schema
}

/** Built once per mode. */
const schemas = new Map<EnrollmentSchemaOptions['mode'], z.ZodMiniType<Enrollment>>()

function buildEnrollmentSchema(mode: EnrollmentSchemaOptions['mode']): z.ZodMiniType<Enrollment> {
  return z.discriminatedUnion('type', [dealerEnrollmentSchema(mode), lmaEnrollmentSchema(mode)], {
    error: (issue) =>
      issue.code === 'invalid_union' ? MESSAGES.typeInvalid : MESSAGES.enrollmentInvalid,
  })
}

/** Validates a whole enrollment; errors are keyed `lma.name`, `dealers[0].bac`, `regionId`, ... */
export function validateEnrollment(
  value: unknown,
  options: EnrollmentSchemaOptions,
): ValidationResult<Enrollment> {
  const result = enrollmentSchema(options).safeParse(value)
  if (result.success) return { success: true, data: result.data }
  return { success: false, errors: issuesToFieldErrors(result.error.issues) }
}
