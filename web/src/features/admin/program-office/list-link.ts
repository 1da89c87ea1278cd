import type { EnrollmentStatus, EnrollmentType } from '@shared/enrollment/enrollment'
import type { InvoiceFilter, WaitingFilter } from '@shared/enrollment/list-figure-filters'
import type { ProgramFilters } from './program-filters'

/**
 * The enrollment list filtered to what a figure counts: `/admin?year=2026&brand=chevy&status=Approving&type=LMA`
 * (the list reads its filters from these query parameters; type is 'LMA' or 'Dealer').
 */
export function listHref(
  filters: ProgramFilters,
  only: {
    status?: EnrollmentStatus
    type?: EnrollmentType
    /** The list's Needs attention filter. */
    attention?: 'overdue-invoice' | 'failed-mail'
    /** The dashboard's money: invoiced, paid, unpaid and not yet due. */
    invoice?: InvoiceFilter
    /** Authorizations waiting more than so many days. */
    waiting?: WaitingFilter
  } = {},
): string {
  const query = new URLSearchParams({ year: String(filters.year) })
  if (filters.brand) query.set('brand', filters.brand)
  if (only.status) query.set('status', only.status)
  if (only.type) query.set('type', only.type === 'Lma' ? 'LMA' : 'Dealer')
  if (only.attention) query.set('attention', only.attention)
  if (only.invoice) query.set('invoice', only.invoice)
  if (only.waiting) query.set('waiting', String(only.waiting))
  return `/admin?${query}`
}
