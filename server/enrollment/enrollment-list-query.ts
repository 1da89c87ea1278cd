import { z } from 'zod'
import { ENROLLMENT_STATUSES, ENROLLMENT_TYPES } from '../../shared/enrollment/enrollment.js'
import {
  INVOICE_FILTERS,
  type InvoiceFilter,
  WAITING_FILTERS,
} from '../../shared/enrollment/list-figure-filters.js'
import { ATTENTION_FILTERS, type AttentionFilter } from '../../shared/office/office-limits.js'
import { blankIsAbsent, queryText, yearQueryParam } from '../http/query-text.js'

const BRAND_MESSAGE = 'Brand must be a brand key such as chevy.'

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
})
