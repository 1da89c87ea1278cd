import type { EnrollmentStatus, EnrollmentType } from '../domain/enrollment-choices.js'
import {
  formatShippingFilter,
  type InvoiceFilter,
  type ShippingFigure,
  type WaitingFilter,
} from '../enrollment/list-figure-filters.js'

/**
 * The list filters each dashboard figure opens (docs/product.md#dashboard), and which of the
 * list's counts then shows the figure: the dashboard's links and the test that holds the two
 * equal read them from here.
 */
export interface FigureFilter {
  status?: EnrollmentStatus
  type?: EnrollmentType
  attention?: 'overdue-invoice'
  invoice?: InvoiceFilter
  waiting?: WaitingFilter
  /** A sales event's shipping figure: `CHEVY-2026-2:shipped`. */
  shipping?: string
}

/** What the list's count line says that equals the figure. */
export type ListCount = 'enrollments' | 'dealers' | 'kits' | 'amount'

export interface FigureLink {
  filter: FigureFilter
  shows: ListCount
}

export const FIGURE_LINKS = {
  status: (status: EnrollmentStatus): FigureLink => ({ filter: { status }, shows: 'enrollments' }),
  type: (type: EnrollmentType): FigureLink => ({ filter: { type }, shows: 'enrollments' }),
  dealersCovered: { filter: {}, shows: 'dealers' },
  kitsOrdered: { filter: {}, shows: 'kits' },
  invoiced: { filter: { type: 'Lma', invoice: 'issued' }, shows: 'amount' },
  pendingApproval: { filter: { status: 'Approving', type: 'Lma' }, shows: 'amount' },
  paid: { filter: { type: 'Lma', invoice: 'paid' }, shows: 'amount' },
  unpaid: { filter: { type: 'Lma', invoice: 'unpaid' }, shows: 'amount' },
  overdue: { filter: { type: 'Lma', attention: 'overdue-invoice' }, shows: 'amount' },
  waiting: (waiting: WaitingFilter): FigureLink => ({
    filter: { status: 'Authorizing', type: 'Lma', waiting },
    shows: 'enrollments',
  }),
  /** A sales event's dealers to ship, shipped, or late: the list's dealers are the figure. */
  shipping: (code: string, figure: ShippingFigure): FigureLink => ({
    filter: { shipping: formatShippingFilter({ code, figure }) },
    shows: 'dealers',
  }),
} as const satisfies Record<string, FigureLink | ((...values: never[]) => FigureLink)>
