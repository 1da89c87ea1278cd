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

/**
 * The dashboard's shipping figures of a sales event (docs/product.md#dashboard): its dealers to
 * ship (the rows of its latest release not cancelled), those shipped, and those not shipped once
 * the ship-by date is past. The list's filter is `shipping=CHEVY-2026-2:shipped`: the event's
 * code, then the figure.
 */
export const SHIPPING_FIGURES = {
  'to-ship': 'dealers to ship',
  shipped: 'shipped',
  late: 'not shipped after the ship-by date',
} as const
export type ShippingFigure = keyof typeof SHIPPING_FIGURES

export interface ShippingFilter {
  /** The event's code, BRAND-YEAR-NUMBER, upper case. */
  code: string
  figure: ShippingFigure
}

/** An event's code: a brand key, a year, a number (shared/shipping/shipping-schema.ts, eventCode). */
const EVENT_CODE = /^[A-Za-z][A-Za-z0-9-]{0,19}-\d{4}-\d{1,6}$/

/** `CHEVY-2026-2:shipped`, read in any case; null when it is not one. */
export function parseShippingFilter(value: string | null | undefined): ShippingFilter | null {
  const text = value?.trim() ?? ''
  const colon = text.lastIndexOf(':')
  if (colon < 0) return null
  const code = text.slice(0, colon)
  const figure = text.slice(colon + 1).toLowerCase()
  if (!EVENT_CODE.test(code) || !Object.hasOwn(SHIPPING_FIGURES, figure)) return null
  return { code: code.toUpperCase(), figure: figure as ShippingFigure }
}

export function formatShippingFilter(filter: ShippingFilter): string {
  return `${filter.code}:${filter.figure}`
}

/** 'Sales event CHEVY-2026-2: shipped', as the list names the filter. */
export function shippingFilterText(filter: ShippingFilter): string {
  return `Sales event ${filter.code}: ${SHIPPING_FIGURES[filter.figure]}`
}
