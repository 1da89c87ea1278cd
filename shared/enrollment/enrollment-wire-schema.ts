import { z } from 'zod'
import {
  BILLING_OPTIONS,
  ENROLLMENT_STATUSES,
  ENROLLMENT_TYPES,
  HISPANIC_OPTIONS,
  KIT_SIZES,
  LMA_TYPES,
} from './enrollment.js'

/** The API's answers about enrollments; each names every field it sends and nothing else. */

const enrollmentStatus = z.enum(ENROLLMENT_STATUSES)
const enrollmentType = z.enum(ENROLLMENT_TYPES)
/** '' until chosen. */
const kitSize = z.enum([...KIT_SIZES, ''])
const hispanic = z.enum([...HISPANIC_OPTIONS, ''])
const regionId = z.int().nullable()

const authorizationFields = {
  authName: z.string(),
  authTitle: z.string(),
  authEmailAddress: z.string(),
  authPhoneNumber: z.string(),
  authFaxNumber: z.string(),
}

const addressFields = {
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postal: z.string(),
  country: z.string(),
}

export const storedDealerEntrySchema = z
  .object({
    bac: z.string(),
    name: z.string(),
    ...addressFields,
    ...authorizationFields,
    kitSize,
    hispanic,
    billing: z.enum([...BILLING_OPTIONS, 'Lma', '']),
  })
  .meta({ id: 'DealerEntry' })

export const storedLmaRecordSchema = z
  .object({
    name: z.string(),
    contact: z.string(),
    ...addressFields,
    previousName: z.string(),
    nameChanged: z.boolean(),
    emailAddress: z.string().describe('The invoice goes here.'),
    phoneNumber: z.string(),
    agencyName: z.string().describe('Agency of Record.'),
    ...authorizationFields,
    type: z.enum([...LMA_TYPES, '']),
  })
  .meta({ id: 'LmaRecord' })

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
  })
  .meta({ id: 'Enrollment' })

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

export const bacLookupResultSchema = z
  .object({
    bac: z.string(),
    name: z.string(),
    ...addressFields,
    kitSize,
    hispanic,
    ...authorizationFields,
    regionId,
  })
  .meta({ id: 'BacLookupResult' })

export const lmaLookupResultSchema = z
  .object({
    name: z.string(),
    contact: z.string(),
    ...addressFields,
    emailAddress: z.string(),
    phoneNumber: z.string(),
    agencyName: z.string(),
    ...authorizationFields,
    type: z.enum([...LMA_TYPES, '']),
    regionId,
    dealers: z.array(z.object({ bac: z.string(), name: z.string(), kitSize, hispanic })),
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
  })
  .meta({ id: 'EnrollmentListItem' })

/** One entry of an enrollment's audit history. */
export const enrollmentHistoryItemSchema = z
  .object({
    action: z.string(),
    actor: z.string(),
    at: z.iso.datetime(),
    statusBefore: z.string().nullable(),
    statusAfter: z.string().nullable(),
    changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  })
  .meta({ id: 'EnrollmentHistoryItem' })

export const deletedEnrollmentSchema = z
  .object({ guid: z.uuid(), status: z.literal('Deleted') })
  .meta({ id: 'DeletedEnrollment' })
