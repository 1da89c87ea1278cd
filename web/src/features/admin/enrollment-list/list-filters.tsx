import { ENROLLMENT_STATUSES } from '@shared/domain/enrollment-choices'
import {
  INVOICE_FILTERS,
  parseShippingFilter,
  shippingFilterText,
  waitingFilterText,
} from '@shared/enrollment/list-figure-filters'
import { statusWords } from '@shared/format/status-words'
import { ATTENTION_FILTERS } from '@shared/office/office-limits'
import { YearStepper } from '../../../components/ui/year-stepper'
import { useConfig } from '../../config/config-context'
import type { ListFilters } from '../api/admin-calls'

export const STATUS_OPTIONS = [
  { value: '', label: 'Any' },
  ...ENROLLMENT_STATUSES.map((status) => ({ value: status, label: statusWords(status) })),
]

export const TYPE_OPTIONS = [
  { value: '', label: 'Any' },
  { value: 'Lma', label: 'LMA' },
  { value: 'Dealer', label: 'Dealer' },
]

export function ListFilterBar({
  filters,
  onChange,
}: {
  filters: ListFilters
  onChange(next: ListFilters): void
}) {
  const { brands } = useConfig()
  const set = (change: Partial<ListFilters>) => onChange({ ...filters, ...change })
  return (
    <div className="list-filters">
      <div className="list-filters__search">
        <label className="visually-hidden" htmlFor="list-search">
          Search
        </label>
        <input
          id="list-search"
          type="search"
          className="field__input"
          placeholder="Search by BAC, name, email or zip code..."
          value={filters.query}
          onChange={(event) => set({ query: event.target.value })}
        />
      </div>
      <YearStepper year={filters.year} onChange={(year) => set({ year })} />
      <label className="list-filters__select">
        Type
        <select
          className="field__input"
          value={filters.type}
          onChange={(event) => set({ type: event.target.value })}
        >
          {TYPE_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="list-filters__select">
        Status
        <select
          className="field__input"
          value={filters.status}
          onChange={(event) => set({ status: event.target.value })}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="list-filters__select">
        Brand
        <select
          className="field__input"
          value={filters.brand}
          onChange={(event) => set({ brand: event.target.value })}
        >
          <option value="">Any</option>
          {brands.map((brand) => (
            <option key={brand.key} value={brand.key}>
              {brand.name}
            </option>
          ))}
        </select>
      </label>
      <label className="list-filters__select">
        Needs attention
        <select
          className="field__input"
          value={filters.attention}
          onChange={(event) => set({ attention: event.target.value })}
        >
          <option value="">Any</option>
          {Object.entries(ATTENTION_FILTERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <FigureFilters
        filters={filters}
        onClear={() => set({ invoice: '', waiting: null, shipping: undefined })}
      />
    </div>
  )
}

/**
 * The filters a dashboard figure opened the list with (an invoice's state, how long an
 * authorization has waited, a sales event's shipping figure), which no drop-down offers: said in
 * words, with a way out. Under a shipping figure the results line's dealers are the figure's.
 */
function FigureFilters({ filters, onClear }: { filters: ListFilters; onClear(): void }) {
  const shipping = parseShippingFilter(filters.shipping)
  const shown = [
    shipping ? shippingFilterText(shipping) : '',
    filters.invoice ? INVOICE_FILTERS[filters.invoice as keyof typeof INVOICE_FILTERS] : '',
    filters.waiting !== null ? waitingFilterText(filters.waiting) : '',
  ].filter(Boolean)
  if (shown.length === 0) return null
  return (
    <p className="list-filters__figure">
      <span>Only: {shown.join('; ')}</span>
      <button type="button" className="button button--small" onClick={onClear}>
        Remove this filter
      </button>
    </p>
  )
}
