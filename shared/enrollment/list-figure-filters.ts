import { WAITING_DAYS } from '../domain/waiting-days.js'

/**
 * The list's filters that the dashboard's figures open (docs/product.md#dashboard), beside the
 * Status and Type drop-downs and Needs attention: each keeps exactly the enrollments a figure
 * counts, so the list arrives showing that figure. They live in the list's address
 * (`invoice=paid`, `waiting=14`) and show as a removable filter above it.
 */

/**
 * The dashboard's money: enrollments whose invoice is issued, paid, or unpaid and not yet due
 * (overdue is Needs attention's 'overdue-invoice'). Paid and unpaid are as of the program's today.
 */
export const INVOICE_FILTERS = {
  issued: 'Invoiced',
  paid: 'Invoice paid',
  unpaid: 'Invoice unpaid, not yet due',
} as const
export type InvoiceFilter = keyof typeof INVOICE_FILTERS

/** LMA enrollments still Authorizing, their authorization requested more than so many days ago. */
export const WAITING_FILTERS = WAITING_DAYS
export type WaitingFilter = (typeof WAITING_FILTERS)[number]

export function waitingFilterText(days: number): string {
  return `Authorization waiting more than ${days} days`
}

export function parseInvoiceFilter(value: string | null | undefined): InvoiceFilter | '' {
  const key = value?.trim().toLowerCase() ?? ''
  return Object.hasOwn(INVOICE_FILTERS, key) ? (key as InvoiceFilter) : ''
}

export function parseWaitingFilter(value: string | null | undefined): WaitingFilter | null {
  const days = Number(value?.trim())
  return (WAITING_FILTERS as readonly number[]).includes(days) ? (days as WaitingFilter) : null
}
