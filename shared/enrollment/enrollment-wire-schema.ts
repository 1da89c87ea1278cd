import { z } from 'zod'
import {
  BILLING_OPTIONS,
  ENROLLMENT_STATUSES,
  ENROLLMENT_TYPES,
  HISPANIC_OPTIONS,
  KIT_SIZES,
  LMA_TYPES,
} from '../domain/enrollment-choices.js'
import {
  DEALER_FIELDS,
  dealerFieldsLookedUpFrom,
  type LookedUpDealerField,
  type StoredDealerEntry,
} from './dealer-entry-fields.js'
import {
  LMA_FIELDS,
  type LmaRecord,
  LOOKED_UP_LMA_FIELDS,
  type LookedUpLmaField,
} from './lma-record-fields.js'

/** The API's answers about enrollments; each names every field it sends and nothing else. */

const enrollmentStatus = z.enum(ENROLLMENT_STATUSES)
const enrollmentType = z.enum(ENROLLMENT_TYPES)
/** '' until chosen. */
const kitSize = z.enum([...KIT_SIZES, ''])
const hispanic = z.enum([...HISPANIC_OPTIONS, ''])
const regionId = z.int().nullable()

/**
 * A dealer entry's and an LMA record's fields, from their one description: text unless named
 * here. The serializer writes only what these schemas name, so a field must never be missing;
 * the checks below make a field of another kind a compile error here.
 */
const dealerChoices = {
  kitSize,
  hispanic,
  billing: z.enum([...BILLING_OPTIONS, 'Lma', '']),
}
const lmaChoices = {
  nameChanged: z.boolean(),
  emailAddress: z.string().describe('The invoice goes here.'),
  agencyName: z.string().describe('Agency of Record.'),
  type: z.enum([...LMA_TYPES, '']),
}

type Described<Field extends string, Choices> = {
  [Name in Field]: Name extends keyof Choices ? Choices[Name] : z.ZodString
}

function describedShape<Field extends string, Choices extends Record<string, z.ZodType>>(
  fields: readonly Field[],
  choices: Choices,
): Described<Field, Choices> {
  return Object.fromEntries(
    fields.map((field) => [field, (choices as Record<string, z.ZodType>)[field] ?? z.string()]),
  ) as Described<Field, Choices>
}

export const storedDealerEntrySchema = z
  .object(describedShape(DEALER_FIELDS, dealerChoices))
  .meta({ id: 'DealerEntry' })

export const storedLmaRecordSchema = z
  .object(describedShape(LMA_FIELDS, lmaChoices))
  .meta({ id: 'LmaRecord' })

/** True when A and B are the same type. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
const dealerWireIsTheEntry: Same<z.output<typeof storedDealerEntrySchema>, StoredDealerEntry> = true
const lmaWireIsTheRecord: Same<z.output<typeof storedLmaRecordSchema>, LmaRecord> = true
void dealerWireIsTheEntry
void lmaWireIsTheRecord

/** A submitted enrollment as the admin area and its authorized representative see it. */
export const storedEnrollmentSchema = z
  .object({
    guid: z.uuid(),
    reference: z
      .string()
      .describe('XXXX-XXXX-XXXX: names the enrollment to people, grants nothing.'),
    year: z.int(),
    brand: z.string(),
    type: enrollmentType,
    status: enrollmentStatus,
    regionId,
    lma: storedLmaRecordSchema.nullable(),
    dealers: z.array(storedDealerEntrySchema),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    version: z.int().describe('Optimistic-concurrency token: send it back with a change.'),
    erased: z.iso
      .datetime()
      .nullable()
      .describe(
        'When data retention erased its personal data (docs/security.md#data-retention); null while kept.',
      ),
  })
  .meta({ id: 'Enrollment' })

/** The representative's authorization that stands: when they authorized, and under what name. */
export const enrollmentAuthorizationSchema = z
  .object({
    at: z.iso.datetime(),
    by: z.string().describe("The representative's Full Name as they authorized."),
  })
  .meta({ id: 'EnrollmentAuthorization' })

/** The program office sent the enrollment back to its representative (Re-authorize): when and why. */
export const enrollmentSentBackSchema = z
  .object({
    at: z.iso.datetime(),
    reason: z
      .string()
      .nullable()
      .describe("The office's reason, as the mail gave it; null when none."),
  })
  .meta({ id: 'EnrollmentSentBack' })

/** An enrollment as its authorization link opens it: the stored enrollment and its authorization. */
export const linkedEnrollmentSchema = storedEnrollmentSchema
  .extend({
    authorized: enrollmentAuthorizationSchema
      .nullable()
      .describe(
        'The last authorization, unless authorization was requested again since; null when none stands.',
      ),
    sentBack: enrollmentSentBackSchema
      .nullable()
      .describe(
        'While the enrollment waits for authorization after the program office sent it back: when, and its reason; else null.',
      ),
  })
  .meta({ id: 'LinkedEnrollment' })

/** What a public submission answers: enough to quote and to show the outcome, nothing that opens the enrollment. */
export const submissionReceiptSchema = z
  .object({
    reference: z
      .string()
      .describe('XXXX-XXXX-XXXX: names the enrollment to people, grants nothing.'),
    status: enrollmentStatus,
    type: enrollmentType,
    brand: z.string(),
    year: z.int(),
  })
  .meta({ id: 'SubmissionReceipt' })

const lookedUpDealerFields = Object.fromEntries(
  [...dealerFieldsLookedUpFrom('directory'), ...dealerFieldsLookedUpFrom('lastEnrollment')].map(
    (field) => [field, true],
  ),
) as { [Field in LookedUpDealerField]: true }

export const bacLookupResultSchema = storedDealerEntrySchema
  .pick(lookedUpDealerFields)
  .extend({ regionId })
  .meta({ id: 'BacLookupResult' })

const lookedUpLmaFields = Object.fromEntries(
  LOOKED_UP_LMA_FIELDS.map((field) => [field, true]),
) as { [Field in LookedUpLmaField]: true }

export const lmaLookupResultSchema = storedLmaRecordSchema
  .pick(lookedUpLmaFields)
  .extend({
    regionId,
    dealers: z.array(
      storedDealerEntrySchema.pick({ bac: true, name: true, kitSize: true, hispanic: true }),
    ),
  })
  .meta({ id: 'LmaLookupResult' })

/** A row of the admin list. */
export const enrollmentListItemSchema = z
  .object({
    guid: z.uuid(),
    year: z.int(),
    brand: z.string(),
    type: enrollmentType,
    status: enrollmentStatus,
    bac: z.string(),
    name: z.string(),
    created: z.iso.datetime(),
    modified: z.iso.datetime(),
    erased: z
      .boolean()
      .describe('Data retention erased its personal data: its name is gone, its figures stay.'),
    kits: z
      .int()
      .describe(
        'The kits it orders, add-on kits included; none when declined (shared/enrollment/program-figures.ts).',
      ),
    dealers: z.int().describe('The dealers it covers: its dealer rows; none when declined.'),
    amount: z
      .number()
      .describe(
        'Dollars: its invoice’s grand total once invoiced, else what its kits cost a year.',
      ),
  })
  .meta({ id: 'EnrollmentListItem' })

/** What changed in the admin list since a cursor (`GET /api/enrollments/changes`). */
export const enrollmentListChangesSchema = z
  .object({
    cursor: z
      .string()
      .describe('Send it as `since` to be told what changes after this answer was read.'),
    full: z
      .boolean()
      .describe(
        'True when the cursor was too old to answer with changes: `changed` is then the whole list (newest change first) and replaces what the caller holds.',
      ),
    changed: z
      .array(enrollmentListItemSchema)
      .describe(
        'The rows added or changed since the cursor, as the list shows them now, newest change first.',
      ),
    removed: z
      .array(z.uuid())
      .describe(
        'The guids the list no longer shows: deleted, or no longer matching the filters or the caller’s regions.',
      ),
  })
  .meta({ id: 'EnrollmentListChanges' })

/** One entry of an enrollment's audit history. */
export const enrollmentHistoryItemSchema = z
  .object({
    action: z.string(),
    actor: z.string(),
    at: z.iso.datetime(),
    statusBefore: z.string().nullable(),
    statusAfter: z.string().nullable(),
    changes: z.array(
      z.object({
        field: z.string(),
        before: z.unknown(),
        after: z.unknown(),
        row: z
          .string()
          .optional()
          .describe('A change of a kept LMA dealer row: its BAC and name (its BAC once erased).'),
        erased: z
          .boolean()
          .optional()
          .describe(
            'Data retention erased what it held of a person: before and after are null, or a dealer row without its name.',
          ),
      }),
    ),
    /** The administrator's reason (Decline, Re-authorize), or null. */
    reason: z.string().nullable(),
  })
  .meta({ id: 'EnrollmentHistoryItem' })

export const deletedEnrollmentSchema = z
  .object({ guid: z.uuid(), status: z.literal('Deleted') })
  .meta({ id: 'DeletedEnrollment' })
