import { useCallback } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useConfig } from '../../config/config-context'

export interface ProgramFilters {
  year: number
  /** A brand key, or '' for all brands. */
  brand: string
}

/**
 * The year and brand of the program office's pages, kept in the address (`?year=2026&brand=chevy`,
 * as the enrollment list keeps its filters) so that the tabs carry them and a link can name them.
 */
export function useProgramFilters(): [ProgramFilters, (next: ProgramFilters) => void] {
  const { enrollmentYear, brands } = useConfig()
  const search = new URLSearchParams(useSearch())
  const [location, navigate] = useLocation()
  const year = Number(search.get('year'))
  const brand = (search.get('brand') ?? '').toLowerCase()
  const filters = {
    year: Number.isInteger(year) && year >= 1900 && year <= 9999 ? year : enrollmentYear,
    brand: brands.some((known) => known.key === brand) ? brand : '',
  }
  const set = useCallback(
    (next: ProgramFilters) => navigate(`${location}?${programQuery(next)}`, { replace: true }),
    [location, navigate],
  )
  return [filters, set]
}

/** `year=2026&brand=chevy` (no brand for all brands). */
export function programQuery(filters: ProgramFilters): string {
  const query = new URLSearchParams({ year: String(filters.year) })
  if (filters.brand) query.set('brand', filters.brand)
  return query.toString()
}
