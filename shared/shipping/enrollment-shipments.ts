import { z } from 'zod'
import { shipmentSchema } from './shipping-schema.js'

/**
 * One enrollment's shipping as the program office sees it in the enrollment's dialog
 * (docs/product.md#shipments-of-an-enrollment): per sales event of its brand's year, whether it
 * is on the event's latest release and what the vendor shipped; for an LMA, each dealer's
 * ship-to address as the manifest takes it.
 */
export const enrollmentEventShipmentsSchema = z
  .object({
    eventGuid: z.uuid(),
    eventCode: z.string(),
    eventName: z.string(),
    shipBy: z.string().describe('YYYY-MM-DD'),
    latestRelease: z
      .int()
      .nullable()
      .describe('The number of the event’s latest release; null before the first.'),
    onLatestRelease: z
      .boolean()
      .describe('Whether a row of the enrollment ships on that release (a cancellation does not).'),
    shipments: z.array(shipmentSchema).describe('What the vendor shipped, by shipped date.'),
  })
  .meta({ id: 'EnrollmentEventShipments' })

export type EnrollmentEventShipments = z.output<typeof enrollmentEventShipmentsSchema>

export const SHIP_TO_SOURCES = ['office', 'directory'] as const

export const shipToSchema = z
  .object({
    bac: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    postal: z.string(),
    country: z.string(),
    source: z
      .enum(SHIP_TO_SOURCES)
      .describe('office: the address the office entered; directory: the dealer directory’s.'),
  })
  .meta({ id: 'ShipTo' })

export type ShipTo = z.output<typeof shipToSchema>

export const dealerShipToSchema = z
  .object({
    bac: z.string(),
    dealerName: z.string(),
    shipTo: shipToSchema
      .nullable()
      .describe('null: the dealer directory does not know the BAC and the office entered none.'),
  })
  .meta({ id: 'DealerShipTo' })

export type DealerShipTo = z.output<typeof dealerShipToSchema>

export const enrollmentShipmentsSchema = z
  .object({
    events: z.array(enrollmentEventShipmentsSchema).describe('By ship-by date.'),
    shipTo: z
      .array(dealerShipToSchema)
      .describe(
        'An LMA enrollment’s dealers, in its order, each with its ship-to address; empty for a dealer enrollment (it ships to its own address).',
      ),
  })
  .meta({ id: 'EnrollmentShipments' })

export type EnrollmentShipments = z.output<typeof enrollmentShipmentsSchema>
