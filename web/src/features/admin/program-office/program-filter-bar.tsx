import { YearStepper } from '../../../components/ui/year-stepper'
import { useConfig } from '../../config/config-context'
import type { ProgramFilters } from './program-filters'

/** The year stepper (as on the enrollment list) and the brand filter of the program office's pages. */
export function ProgramFilterBar({
  filters,
  onChange,
  children,
}: {
  filters: ProgramFilters
  onChange(next: ProgramFilters): void
  children?: React.ReactNode
}) {
  const { brands } = useConfig()
  const set = (change: Partial<ProgramFilters>) => onChange({ ...filters, ...change })
  return (
    <div className="list-filters">
      <YearStepper year={filters.year} onChange={(year) => set({ year })} />
      <label className="list-filters__select">
        Brand
        <select
          className="field__input"
          value={filters.brand}
          onChange={(event) => set({ brand: event.target.value })}
        >
          <option value="">All brands</option>
          {brands.map((brand) => (
            <option key={brand.key} value={brand.key}>
              {brand.name}
            </option>
          ))}
        </select>
      </label>
      {children}
    </div>
  )
}
