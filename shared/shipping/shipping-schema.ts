import { z } from 'zod'
import { hasInvalidCharacter } from '../enrollment/text-fields.js'
import { normalizeText } from '../enrollment/text-normalization.js'
import { lengthMessage } from '../enrollment/validation-messages.js'

/**
 * Shipping's answers and bodies (docs/product.md#shipping): the sales events of a brand's year,
 * their manifests and releases, and the shipments the print vendor reports back.
 */
export const SHIPPING_LIMITS = {
  eventName: 80,
  carrier: 40,
  trackingNumber: 40,
  /** Rows of one tracking upload. */
  uploadRows: 20_000,
  /** Packages of one dealer (BAC) for one sales event. */
  packagesPerDealer: 20,
  address: 100,
} as const

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

const calendarDate = (what: string) =>
  z
    .string({ error: `Enter the ${what} as YYYY-MM-DD.` })
    .refine(isCalendarDate, `Enter the ${what} as YYYY-MM-DD.`)

/** One line of text, normalized as the forms' fields are, at most `max` characters. */
export function lineText(what: string, max: number) {
  return z
    .string({ error: `Enter the ${what}.` })
    .transform((value) => normalizeText(value))
    .refine((value) => value !== '', `Enter the ${what}.`)
    .refine((value) => !hasInvalidCharacter(value), `The ${what} holds a character it cannot.`)
    .refine((value) => value.length <= max, lengthMessage(max))
}

/** The code an event goes by in the vendor's files: brand, year and number (CHEVY-2025-3). */
export function eventCode(event: { brand: string; year: number; number: number }): string {
  return `${event.brand.toUpperCase()}-${event.year}-${event.number}`
}

export const salesEventBody = z
  .strictObject({
    name: lineText('event’s name', SHIPPING_LIMITS.eventName),
    shipBy: calendarDate('ship-by date'),
    inStoreFrom: calendarDate('first in-store date'),
    inStoreTo: calendarDate('last in-store date'),
  })
  .refine((event) => event.inStoreFrom <= event.inStoreTo, {
    message: 'The last in-store date is before the first.',
    path: ['inStoreTo'],
  })
  .refine((event) => event.shipBy <= event.inStoreFrom, {
    message: 'Kits must ship by the first in-store date at the latest.',
    path: ['shipBy'],
  })

export type SalesEventBody = z.output<typeof salesEventBody>

/** A change of an event: its fields, and the version the office saw (a change made meanwhile is refused). */
export const salesEventChangeBody = salesEventBody.and(
  z.object({ version: z.int({ error: 'Send the event’s version.' }).min(1) }),
)

export const salesEventSchema = z
  .object({
    guid: z.uuid(),
    brand: z.string(),
    year: z.int(),
    code: z.string().describe('What the vendor’s files call it: BRAND-YEAR-NUMBER.'),
    name: z.string(),
    shipBy: z.string().describe('YYYY-MM-DD'),
    inStoreFrom: z.string().describe('YYYY-MM-DD'),
    inStoreTo: z.string().describe('YYYY-MM-DD'),
    version: z.int(),
    releases: z.int().describe('How many times its manifest was released.'),
    lastReleasedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'SalesEvent' })

export type SalesEvent = z.output<typeof salesEventSchema>

export const MANIFEST_CHANGES = ['added', 'changed', 'unchanged', 'cancelled'] as const
export type ManifestChange = (typeof MANIFEST_CHANGES)[number]

export const manifestRowSchema = z
  .object({
    bac: z.string(),
    dealerName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postal: z.string(),
    country: z.string(),
    englishKit: z.enum(['Large', 'Small']).nullable(),
    englishKits: z.int(),
    hispanicKit: z.string().nullable(),
    hispanicKits: z.int(),
    reference: z.string(),
    enrollmentGuid: z.uuid(),
    change: z
      .enum(MANIFEST_CHANGES)
      .describe('Since the release before (added for every row of the first).'),
  })
  .meta({ id: 'ManifestRow' })

export type ManifestRow = z.output<typeof manifestRowSchema>

export const manifestProblemSchema = z
  .object({
    bac: z.string(),
    dealerName: z.string(),
    reference: z.string(),
    enrollmentGuid: z.uuid(),
    problem: z
      .string()
      .describe('Why the row cannot ship; it is left out of a release until fixed.'),
  })
  .meta({ id: 'ManifestProblem' })

export type ManifestProblem = z.output<typeof manifestProblemSchema>

export const releaseSummarySchema = z
  .object({
    number: z.int(),
    releasedAt: z.iso.datetime(),
    releasedBy: z.string(),
    rows: z.int().describe('Rows of the whole manifest (cancellations not counted).'),
    changes: z.int().describe('Rows added, changed or cancelled since the release before.'),
  })
  .meta({ id: 'ManifestRelease' })

export type ReleaseSummary = z.output<typeof releaseSummarySchema>

/** An event's manifest as it would be released now, beside its last release. */
export const manifestSchema = z
  .object({
    event: salesEventSchema,
    lastRelease: releaseSummarySchema.nullable(),
    rows: z
      .array(manifestRowSchema)
      .describe('The whole manifest, each row with its change since the last release.'),
    cancelled: z.array(manifestRowSchema).describe('Rows of the last release that no longer ship.'),
    problems: z.array(manifestProblemSchema),
  })
  .meta({ id: 'Manifest' })

export type Manifest = z.output<typeof manifestSchema>

/**
 * A row as released: what the vendor ships, without the enrollment's guid (which opens the
 * authorization view to whoever holds it: the vendor never gets it; the reference names it).
 */
export const releasedRowSchema = manifestRowSchema
  .omit({ enrollmentGuid: true })
  .meta({ id: 'ReleasedRow' })

export type ReleasedRow = z.output<typeof releasedRowSchema>

/** A release: its summary and its rows (the whole manifest, then the cancellations). */
export const releaseSchema = releaseSummarySchema
  .extend({ event: salesEventSchema, rows: z.array(releasedRowSchema) })
  .meta({ id: 'ManifestReleaseRows' })

export type Release = z.output<typeof releaseSchema>

export const releaseBody = z.strictObject({
  after: z
    .int({ error: 'Send the number of the last release you saw (0 for none).' })
    .min(0)
    .describe('The last release the office saw (0: none); a release made meanwhile is refused.'),
})

export const shipmentSchema = z
  .object({
    id: z.string(),
    eventGuid: z.uuid(),
    eventCode: z.string(),
    eventName: z.string(),
    bac: z.string(),
    carrier: z.string(),
    trackingNumber: z.string(),
    shippedOn: z.string().describe('YYYY-MM-DD'),
    trackingUrl: z.string().nullable().describe('The carrier’s tracking page (UPS, FedEx, USPS).'),
    enrollmentGuid: z.uuid(),
  })
  .meta({ id: 'Shipment' })

export type Shipment = z.output<typeof shipmentSchema>

/** A correction of one shipment by the program office. */
export const shipmentBody = z.strictObject({
  carrier: lineText('carrier', SHIPPING_LIMITS.carrier),
  trackingNumber: lineText('tracking number', SHIPPING_LIMITS.trackingNumber),
  shippedOn: calendarDate('shipped date'),
})

/** The office's ship-to address of one dealer of an LMA enrollment. */
export const shipToBody = z.strictObject({
  name: lineText('dealer’s name', SHIPPING_LIMITS.address),
  address: lineText('street address', SHIPPING_LIMITS.address),
  city: lineText('city', 50),
  state: lineText('state', 2),
  postal: lineText('postal code', 10),
  country: lineText('country', 50),
})

export const trackingUploadResultSchema = z
  .object({
    rows: z.int().describe('Rows read.'),
    added: z.int().describe('Shipments recorded now.'),
    unchanged: z.int().describe('Rows equal to a shipment already recorded.'),
  })
  .meta({ id: 'TrackingUploadResult' })

export type TrackingUploadResult = z.output<typeof trackingUploadResultSchema>

export const uploadRowErrorSchema = z.object({
  row: z.int().describe('The row of the file, counting the header as row 1.'),
  message: z.string(),
})

export type UploadRowError = z.output<typeof uploadRowErrorSchema>
