import { type Expression, type RawBuilder, sql } from 'kysely'
import { PAYMENT_DUE_DAYS } from '../../shared/invoice/invoice.js'

type SqlValue = Expression<unknown> | RawBuilder<unknown>

/**
 * Whether an invoice dated `invoiceDate` is past its due date on `day` (both SQL dates): the
 * same rule as `isOverdue` in shared/invoice/invoice.ts, Net `PAYMENT_DUE_DAYS` from the invoice
 * date (docs/product.md#office-workflow).
 */
export function pastDueSql(invoiceDate: SqlValue, day: SqlValue): RawBuilder<boolean> {
  return sql<boolean>`${invoiceDate} + ${PAYMENT_DUE_DAYS}::int < ${day}`
}

/** An invoice's payment state on a day, as the dashboard's money and the list's filters count it. */
export type InvoiceState = 'issued' | 'paid' | 'unpaid' | 'overdue'

/**
 * Whether the invoice under `alias` (possibly left joined: no invoice is in no state) is in
 * `state` on `day` (a YYYY-MM-DD text or an SQL date): issued; paid by that day; unpaid that day
 * and not yet due; unpaid that day and past due (docs/product.md#dashboard).
 */
export function invoiceStateSql(
  alias: string,
  state: InvoiceState,
  day: string | SqlValue,
): RawBuilder<boolean> {
  const on = typeof day === 'string' ? sql`${day}::date` : day
  const paidOn = sql.ref(`${alias}.paid_on`)
  // Only a live invoice is in a state: a void one is never counted (docs/product.md#invoices).
  const issued = sql`${sql.ref(`${alias}.id`)} is not null and ${sql.ref(`${alias}.voided_at`)} is null`
  // Paid: a payment recorded by that day that covers the total (a revision upwards leaves the
  // balance unpaid); one recorded without its amount paid the whole (isPaidInFull).
  const paidCents = sql.ref(`${alias}.paid_cents`)
  const paid = sql`${paidOn} is not null and ${paidOn}::date <= ${on} and (${paidCents} is null or ${paidCents} >= ${sql.ref(`${alias}.grand_total_cents`)})`
  const pastDue = pastDueSql(sql`${sql.ref(`${alias}.invoice_date`)}::date`, on)
  switch (state) {
    case 'issued':
      return sql<boolean>`(${issued})`
    case 'paid':
      return sql<boolean>`(${issued} and ${paid})`
    case 'unpaid':
      return sql<boolean>`(${issued} and not (${paid}) and not (${pastDue}))`
    case 'overdue':
      return sql<boolean>`(${issued} and not (${paid}) and ${pastDue})`
  }
}
