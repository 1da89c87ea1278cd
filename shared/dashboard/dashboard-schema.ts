import { z } from 'zod'
import { ENROLLMENT_STATUSES, ENROLLMENT_TYPES } from '../domain/enrollment-choices.js'
import { HISPANIC_FIGURES, KIT_SIZE_FIGURES } from './dashboard-figures.js'

/** `GET /api/dashboard` (docs/product.md#dashboard): a year's figures beside last year's at the same day. */

const count = z.int().min(0)
const money = z.number().describe('Dollars, computed from cents.')

/** A figure of the chosen year and last year's at the same day of the program. */
const compared = (value: z.ZodType<number>) => z.object({ current: value, previous: value })

export const dashboardSchema = z
  .object({
    year: z.int(),
    brand: z.string().nullable().describe('The brand key, or null for all brands.'),
    dayOfProgram: z
      .int()
      .min(1)
      .nullable()
      .describe(
        'The day of the year’s program by its calendar (1 on the opening day, never past its close); null before it opens.',
      ),
    programClosed: z.boolean().describe('Whether the program has closed (the day is its last).'),
    comparedAt: z.iso
      .datetime()
      .nullable()
      .describe(
        'The moment of last year’s program the previous figures are taken at; null when they are last year’s in full.',
      ),
    byStatus: z.array(compared(count).extend({ status: z.enum(ENROLLMENT_STATUSES) })),
    byType: z.array(compared(count).extend({ type: z.enum(ENROLLMENT_TYPES) })),
    dealersCovered: compared(count).describe(
      'The dealer rows of the enrollments that order kits (shared/enrollment/program-figures.ts).',
    ),
    kitsOrdered: compared(count).describe('The kits they order, add-on kits included.'),
    dealersByKit: z.array(
      compared(count).extend({
        kitSize: z.enum(KIT_SIZE_FIGURES),
        hispanic: z.enum(HISPANIC_FIGURES),
      }),
    ),
    invoiced: compared(money),
    paid: compared(money).describe('Of the invoiced amount, paid by the year’s day.'),
    unpaid: compared(money).describe('Of the invoiced amount, unpaid and not yet due.'),
    overdue: compared(money).describe(
      'Of the invoiced amount, unpaid past its due date (Net 60 from the invoice date).',
    ),
    pendingApproval: compared(money),
    weekly: z.array(compared(count).extend({ week: z.int().min(1) })),
    dealersByRegion: z
      .array(compared(count).extend({ region: z.string() }))
      .describe('Dealers ordering kits, by the region of their enrollment.'),
    waitingAuthorizations: z.array(z.object({ days: z.int(), count })),
    shipping: z
      .array(
        z.object({
          brand: z.string().describe('The event’s brand key.'),
          code: z.string().describe('The event’s code, BRAND-YEAR-NUMBER.'),
          name: z.string(),
          shipBy: z.string().describe('YYYY-MM-DD'),
          released: z.boolean().describe('Whether its manifest has been released.'),
          toShip: count.describe('The rows of its latest release that are not cancelled.'),
          shipped: count.describe('Of those, the rows with at least one shipment.'),
          late: count.describe(
            'Of those, the rows without a shipment once the program’s today is past the ship-by date (0 until then).',
          ),
        }),
      )
      .describe(
        'The year’s sales events (of the brand), by brand and ship-by date, with their shipping figures now.',
      ),
  })
  .meta({ id: 'Dashboard' })

export type Dashboard = z.output<typeof dashboardSchema>
export type EventShippingFigures = Dashboard['shipping'][number]
export type ComparedFigure = { current: number; previous: number }
