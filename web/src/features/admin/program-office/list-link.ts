import type { FigureFilter } from '@shared/dashboard/figure-filters'
import type { ProgramFilters } from './program-filters'

/**
 * The enrollment list filtered to what a figure counts: `/admin?year=2026&brand=chevy&status=Approving&type=LMA`
 * (the list reads its filters from these query parameters; type is 'LMA' or 'Dealer').
 */
export function listHref(filters: ProgramFilters, only: FigureFilter = {}): string {
  const query = new URLSearchParams({ year: String(filters.year) })
  if (filters.brand) query.set('brand', filters.brand)
  if (only.status) query.set('status', only.status)
  if (only.type) query.set('type', only.type === 'Lma' ? 'LMA' : 'Dealer')
  if (only.attention) query.set('attention', only.attention)
  if (only.invoice) query.set('invoice', only.invoice)
  if (only.waiting) query.set('waiting', String(only.waiting))
  if (only.shipping) query.set('shipping', only.shipping)
  return `/admin?${query}`
}
