import {
  formatListSort,
  LIST_COLUMNS,
  type ListSort,
  listSortText,
  parseListSort,
} from '@shared/enrollment/list-view'
import { formatMoney } from '@shared/format/money-text'
import { countText } from '@shared/format/number-text'
import { apiUrl } from '../../../lib/api-files'
import type { ListFilters } from '../api/admin-calls'
import type { ListRow } from './list-table'

/**
 * '37 enrollments, 52 dealers, 1,204 kits, amount $48,200.00': what the filters found, all pages
 * together, counted as the dashboard counts (shared/enrollment/program-figures.ts: a declined
 * enrollment covers no dealers and orders no kits); a row deleted since the list was fetched
 * counts no more (the export leaves it out too).
 */
export function resultsText(rows: readonly ListRow[]): string {
  const live = rows.filter((row) => row.status !== 'Deleted')
  const sum = (figure: (row: ListRow) => number) =>
    live.reduce((total, row) => total + figure(row), 0)
  const kits = sum((row) => row.kits)
  const dealers = sum((row) => row.dealers)
  const cents = sum((row) => Math.round(row.amount * 100))
  return `${countText(live.length, 'enrollment', 'enrollments')}, ${countText(dealers, 'dealer', 'dealers')}, ${countText(kits, 'kit', 'kits')}, amount ${formatMoney(cents)}`
}

export const RESULTS_ID = 'list-results'

/**
 * Above the table: how many enrollments the filters found and the kits they order, the sort as a
 * list (the column headers sort on wide screens; on narrow ones, where each row is a card, this
 * does), and the export of what is shown.
 */
export function ListSummary({
  rows,
  filters,
  sort,
  token,
  onSort,
}: {
  rows: readonly ListRow[]
  filters: ListFilters
  sort: ListSort
  token: string
  onSort(sort: ListSort): void
}) {
  return (
    <div className="list-summary">
      <p className="list-summary__count" id={RESULTS_ID} role="status" tabIndex={-1}>
        {resultsText(rows)}
      </p>
      <div className="list-summary__sort">
        <label htmlFor="list-sort">Sort by</label>
        <select
          id="list-sort"
          className="field__input"
          value={formatListSort(sort)}
          onChange={(event) => {
            const next = parseListSort(event.target.value)
            if (next) onSort(next)
          }}
        >
          {LIST_COLUMNS.flatMap((column) =>
            [false, true].map((descending) => {
              const option = { key: column.sort, descending }
              return (
                <option key={formatListSort(option)} value={formatListSort(option)}>
                  {listSortText(option)}
                </option>
              )
            }),
          )}
        </select>
      </div>
      <ExportButton filters={filters} sort={sort} token={token} />
    </div>
  )
}

/**
 * 'Export to Excel': posts the list's filters and sort with the ID token (docs/product.md#reports),
 * so the browser saves the workbook the server writes of exactly this view, every page of it.
 */
function ExportButton({
  filters,
  sort,
  token,
}: {
  filters: ListFilters
  sort: ListSort
  token: string
}) {
  const fields: Record<string, string> = {
    bearer_token: token,
    year: String(filters.year),
    type: filters.type,
    status: filters.status,
    brand: filters.brand,
    search: filters.query.trim(),
    attention: filters.attention,
    invoice: filters.invoice,
    waiting: filters.waiting === null ? '' : String(filters.waiting),
    shipping: filters.shipping ?? '',
    sort: formatListSort(sort),
  }
  return (
    <form
      method="post"
      action={apiUrl('POST /api/reports/enrollment-list')}
      className="list-summary__export"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button button--small">
        Export to Excel
      </button>
    </form>
  )
}
