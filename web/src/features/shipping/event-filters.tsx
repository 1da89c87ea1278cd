import { YearStepper } from '../../components/ui/year-stepper'
import { useProgramFilters } from '../admin/program-office/program-filters'
import { useConfig } from '../config/config-context'
import type { EventFilters } from './shipping-calls'

/**
 * The brand and year of the shipping pages, kept in the address as the program office's pages
 * keep theirs (`?year=2026&brand=chevy`). Events belong to one brand: without one, the first.
 */
export function useEventFilters(): [EventFilters, (next: EventFilters) => void] {
  const [program, setProgram] = useProgramFilters()
  const { brands } = useConfig()
  const filters = { year: program.year, brand: program.brand || (brands[0]?.key ?? '') }
  return [filters, setProgram]
}

/** The year stepper and the brand (no "All brands": an event is one brand's). */
export function EventFilterBar({
  filters,
  onChange,
  children,
}: {
  filters: EventFilters
  onChange(next: EventFilters): void
  children?: React.ReactNode
}) {
  const { brands } = useConfig()
  return (
    <div className="list-filters">
      <YearStepper year={filters.year} onChange={(year) => onChange({ ...filters, year })} />
      {brands.length > 1 && (
        <label className="list-filters__select">
          Brand
          <select
            className="field__input"
            value={filters.brand}
            onChange={(event) => onChange({ ...filters, brand: event.target.value })}
          >
            {brands.map((brand) => (
              <option key={brand.key} value={brand.key}>
                {brand.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {children}
    </div>
  )
}
