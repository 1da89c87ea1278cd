import { z } from 'zod'
import { ENROLLMENT_STATUSES, ENROLLMENT_TYPES } from '../../shared/domain/enrollment-choices.js'
import {
  formatShippingFilter,
  INVOICE_FILTERS,
  type InvoiceFilter,
  parseShippingFilter,
  WAITING_FILTERS,
} from '../../shared/enrollment/list-figure-filters.js'
import { ATTENTION_FILTERS, type AttentionFilter } from '../../shared/office/office-limits.js'
import { blankIsAbsent, queryText, yearQueryParam } from '../http/query-text.js'

const BRAND_MESSAGE = 'Brand must be a brand key such as chevy.'
const SHIPPING_MESSAGE =
  'Shipping must be a sales event’s code and a figure, such as CHEVY-2026-2:shipped (to-ship, shipped or late).'

/** The query of `GET /api/enrollments`: bad values are a 400 naming the field. */
export const enrollmentListQuery = z.object({
  year: yearQueryParam(),
  status: z.preprocess(
    blankIsAbsent,
    z
      .enum(ENROLLMENT_STATUSES, {
        error: `Status must be one of ${ENROLLMENT_STATUSES.join(', ')}.`,
      })
      .optional(),
  ),
  type: z.preprocess(
    blankIsAbsent,
    z.enum(ENROLLMENT_TYPES, { error: 'Type must be Lma or Dealer.' }).optional(),
  ),
  brand: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: BRAND_MESSAGE })
      .regex(/^[A-Za-z][A-Za-z0-9-]{0,19}$/, BRAND_MESSAGE)
      .transform((key) => key.toLowerCase())
      .optional(),
  ),
  search: queryText('Search', 100).optional(),
  attention: z.preprocess(
    blankIsAbsent,
    z
      .enum(Object.keys(ATTENTION_FILTERS) as [AttentionFilter, ...AttentionFilter[]], {
        error: `Attention must be one of ${Object.keys(ATTENTION_FILTERS).join(', ')}.`,
      })
      .optional(),
  ),
  invoice: z.preprocess(
    blankIsAbsent,
    z
      .enum(Object.keys(INVOICE_FILTERS) as [InvoiceFilter, ...InvoiceFilter[]], {
        error: `Invoice must be one of ${Object.keys(INVOICE_FILTERS).join(', ')}.`,
      })
      .optional(),
  ),
  waiting: z.preprocess(
    blankIsAbsent,
    z.coerce
      .number({ error: `Waiting must be one of ${WAITING_FILTERS.join(', ')} (days).` })
      .refine((days) => (WAITING_FILTERS as readonly number[]).includes(days), {
        error: `Waiting must be one of ${WAITING_FILTERS.join(', ')} (days).`,
      })
      .optional(),
  ),
  shipping: z.preprocess(
    blankIsAbsent,
    z
      .string({ error: SHIPPING_MESSAGE })
      .max(40, SHIPPING_MESSAGE)
      .transform((text, context) => {
        // Written as the dashboard writes it, so that an export's audit entry names it so.
        const filter = parseShippingFilter(text)
        if (filter) return formatShippingFilter(filter)
        context.addIssue({ code: 'custom', message: SHIPPING_MESSAGE })
        return z.NEVER
      })
      .optional()
      .describe(
        'A dashboard shipping figure: a sales event’s code and to-ship, shipped or late (CHEVY-2026-2:shipped).',
      ),
  ),
})

/** A cursor: the time it was read (ms), then its snapshot, `xmin:xmax:xip,...`. */
const CURSOR = /^\d{1,15}_\d{1,19}:\d{1,19}:(\d{1,19}(,\d{1,19})*)?$/
const SINCE_MESSAGE = 'Since must be the cursor of an earlier answer of the list or its changes.'

/**
 * The query of `GET /api/enrollments/changes`: the list's filters but those that read the
 * outbox or the clock (their changes are not writes of an enrollment), and the cursor.
 */
export const enrollmentChangesQuery = enrollmentListQuery
  .pick({ year: true, status: true, type: true, brand: true, search: true })
  .extend({
    since: z
      .string({ error: SINCE_MESSAGE })
      .max(4000, SINCE_MESSAGE)
      .refine(isSnapshotCursor, SINCE_MESSAGE)
      .transform((since) => {
        const [at = '', snapshot = ''] = since.split('_')
        return { at: Number(at), snapshot }
      }),
  })
  .strict()

/**
 * Whether the snapshot of a cursor is one PostgreSQL reads (`xmin:xmax:xip,...`): transaction
 * ids of 63 bits, xmin not above xmax, the running ones between them in increasing order.
 */
function isSnapshotCursor(since: string): boolean {
  if (!CURSOR.test(since)) return false
  const [xmin = 0n, xmax = 0n, ...running] = (since.split('_')[1] ?? '')
    .split(/[:,]/)
    .filter((part) => part !== '')
    .map(BigInt)
  const limit = 2n ** 63n
  if (xmin < 1n || xmax >= limit || xmin > xmax) return false
  let previous = xmin - 1n
  for (const xid of running) {
    if (xid <= previous || xid >= xmax) return false
    previous = xid
  }
  return true
}
