import { type Expression, type RawBuilder, sql } from 'kysely'
import { PAYMENT_DUE_DAYS } from '../../shared/invoice/invoice.js'

/**
 * Whether an invoice dated `invoiceDate` is past its due date on `day` (both SQL dates): the
 * same rule as `isOverdue` in shared/invoice/invoice.ts, Net `PAYMENT_DUE_DAYS` from the invoice
 * date (docs/product.md#office-workflow). Whether it was paid by then is the caller's part: the
 * list asks about today, the dashboard about each year's comparison day.
 */
export function pastDueSql(
  invoiceDate: Expression<unknown> | RawBuilder<unknown>,
  day: Expression<unknown> | RawBuilder<unknown>,
): RawBuilder<boolean> {
  return sql<boolean>`${invoiceDate} + ${PAYMENT_DUE_DAYS}::int < ${day}`
}
