import * as z from 'zod/mini'
import { BILLING_OPTIONS, HISPANIC_OPTIONS, KIT_SIZES } from '../domain/enrollment-choices.js'
import { BAC_PATTERN } from './bac-key.js'
import { addressShape, authorizationShape } from './contact-shapes.js'
import type { DealerEntry } from './enrollment.js'
import { MAX_LENGTH } from './field-limits.js'
import { lenientText, pattern, requiredChoice, requiredText, text } from './text-fields.js'
import { MESSAGES } from './validation-messages.js'

export interface DealerEntrySchemaOptions {
  /** 'simple' for a row of the LMA dealer table, 'full' for the dealer form. */
  variant: 'simple' | 'full'
  mode: 'new' | 'edit'
  form: 'dealer' | 'lma'
}

/** Kit sizes and hispanic options a dealer who pays for kits must choose from. */
export const CHOSEN_KIT_SIZES = ['Small', 'Large'] as const
export const CHOSEN_HISPANIC_OPTIONS = ['Yes', 'No', 'Only'] as const

/** The longest BAC (docs/product.md#validation): 20 in new mode on the dealer form, 100 in edit mode on the dealer form, else 25. */
export function bacMaxLength(options: Pick<DealerEntrySchemaOptions, 'mode' | 'form'>): number {
  if (options.form !== 'dealer') return MAX_LENGTH.bacLmaRow
  return options.mode === 'new' ? MAX_LENGTH.bacNew : MAX_LENGTH.bacEdit
}

/** A BAC: required, at most `max` long, letters, digits and hyphens only. */
function bacText(max: number) {
  return requiredText(MESSAGES.bacRequired, max, pattern(BAC_PATTERN, MESSAGES.bacInvalid))
}

/** A kit size or hispanic option as given; anything unknown becomes '' (checked per billing). */
function loose<const T extends readonly [string, ...string[]]>(options: T) {
  return z.catch(z.pipe(text(''), z.enum(['', ...options] as const)), '')
}

function simpleShape(bacMax: number) {
  return {
    bac: bacText(bacMax),
    name: requiredText(MESSAGES.dealerNameRequired, MAX_LENGTH.dealerName),
    kitSize: requiredChoice(CHOSEN_KIT_SIZES, MESSAGES.kitSizeRequired),
    hispanic: requiredChoice(CHOSEN_HISPANIC_OPTIONS, MESSAGES.hispanicRequired),
  }
}

/** The simple variant (a row of the LMA dealer table): the other fields are kept unchecked. */
function simpleDealerEntrySchema(bacMax: number) {
  return z.object(
    {
      ...simpleShape(bacMax),
      address: lenientText(MAX_LENGTH.unshown),
      city: lenientText(MAX_LENGTH.unshown),
      state: lenientText(MAX_LENGTH.unshown),
      postal: lenientText(MAX_LENGTH.unshown),
      country: addressShape.country,
      authName: lenientText(MAX_LENGTH.unshown),
      authTitle: lenientText(MAX_LENGTH.unshown),
      authEmailAddress: lenientText(MAX_LENGTH.unshown),
      authPhoneNumber: lenientText(MAX_LENGTH.unshown),
      authFaxNumber: lenientText(MAX_LENGTH.unshown),
      billing: z.catch(z.pipe(text(''), z.enum(['', 'Lma', ...BILLING_OPTIONS])), ''),
      simple: z.optional(z.catch(z.boolean(), false)),
    },
    { error: MESSAGES.dealerEntryInvalid },
  )
}

/**
 * The full variant (the dealer form). Kit size and hispanic option are required unless billing
 * is None, so they are loose in the shape and checked by a rule that runs even when other
 * fields failed (`when`): a blank entry gets every field error in one pass. With billing None a
 * blank kit size or hispanic option becomes 'None', as the form does.
 */
function fullDealerEntrySchema(bacMax: number) {
  const entry = z.object(
    {
      bac: bacText(bacMax),
      name: requiredText(MESSAGES.dealerNameRequired, MAX_LENGTH.dealerName),
      ...addressShape,
      ...authorizationShape,
      kitSize: loose(KIT_SIZES),
      hispanic: loose(HISPANIC_OPTIONS),
      billing: requiredChoice(BILLING_OPTIONS, MESSAGES.billingRequired),
      simple: z.optional(z.catch(z.boolean(), false)),
    },
    { error: MESSAGES.dealerEntryInvalid },
  )
  const kitChoices = z.check<z.output<typeof entry>>(
    (payload) => {
      const value = payload.value
      if (value.billing === 'None') {
        if (value.kitSize === '') value.kitSize = 'None'
        if (value.hispanic === '') value.hispanic = 'None'
        return
      }
      if (!isOneOf(value.kitSize, CHOSEN_KIT_SIZES)) {
        payload.issues.push(issue('kitSize', MESSAGES.kitSizeRequired, value.kitSize))
      }
      if (!isOneOf(value.hispanic, CHOSEN_HISPANIC_OPTIONS)) {
        payload.issues.push(issue('hispanic', MESSAGES.hispanicRequired, value.hispanic))
      }
    },
    // Run even when another field failed, but not on a value that is no object at all.
    { when: (payload) => isRecord(payload.value) },
  )
  return entry.check(kitChoices)
}

/** The dealer entry rules (docs/product.md#validation) for one form and mode. */
export function dealerEntrySchema(options: DealerEntrySchemaOptions): z.ZodMiniType<DealerEntry> {
  const bacMax = options.variant === 'simple' ? MAX_LENGTH.bacLmaRow : bacMaxLength(options)
  const key = `${options.variant}:${bacMax}`
  let schema = schemas.get(key)
  if (!schema) {
    schema =
      options.variant === 'simple' ? simpleDealerEntrySchema(bacMax) : fullDealerEntrySchema(bacMax)
    schemas.set(key, schema)
  }
  return schema
}

/** Built once per variant and BAC limit. */
const schemas = new Map<string, z.ZodMiniType<DealerEntry>>()

function isOneOf<T extends string>(value: string, options: readonly T[]): value is T {
  return (options as readonly string[]).includes(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function issue(path: string, message: string, input: unknown): z.core.$ZodRawIssue {
  return { code: 'custom', path: [path], message, input }
}
