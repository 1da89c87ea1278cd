import type { ListFilters } from '../api/admin-calls'
import type { ListRow } from './list-table'

/** A list as the server answered it, for the filters whose key it carries. */
export interface ListAnswer {
  key: string
  /** The filters it answered (those of an earlier request while the next one loads). */
  filters: ListFilters
  rows: ListRow[]
}

/**
 * The rows to show, and when they are an earlier answer's (another year, search or filter, kept
 * while the filters' own answer loads), the filters they answered: the list shows them dimmed,
 * opens none of them and says whose they are (docs/product.md#enrollment-list).
 */
export interface ShownRows {
  rows: ListRow[]
  previous: ListFilters | null
}

/**
 * The rows of a year (and search) without Type, Status and Brand filters: every row those filters
 * can keep is among them, so a change of one can be shown from them at once while the list is
 * fetched again.
 */
export interface LoadedYear {
  scope: string
  rows: ListRow[]
}

/** What a loaded year covers: the year and the trimmed search. */
export function scopeOf(filters: ListFilters): string {
  return JSON.stringify([filters.year, filters.query.trim()])
}

/** The filters of the year and search alone: their answer is the loaded year of `filters`. */
export function yearOf(filters: ListFilters): ListFilters {
  return {
    query: filters.query.trim(),
    year: filters.year,
    status: '',
    type: '',
    brand: '',
    attention: '',
    invoice: '',
    waiting: null,
  }
}

/** The filters leave every row of their year and search in: their answer is a loaded year. */
export function coversYear(filters: ListFilters): boolean {
  return !filters.type && !filters.status && !filters.brand && !serverOnly(filters)
}

/**
 * Filters only the server can apply: Needs attention and the dashboard's (the outbox, the clock,
 * the shipments).
 */
export function serverOnly(filters: ListFilters): boolean {
  return Boolean(
    filters.attention || filters.invoice || filters.waiting !== null || filters.shipping,
  )
}

/** The Type, Status and Brand filters, as the server applies them (equality; empty is Any). */
function passesTypeAndStatus(row: ListRow, filters: ListFilters): boolean {
  return (
    (!filters.type || row.type === filters.type) &&
    (!filters.status || row.status === filters.status) &&
    (!filters.brand || row.brand === filters.brand)
  )
}

/**
 * The rows to show for `filters` (whose key is `key`): the server's answer for them once it has
 * come; before that, the loaded year of the same year and search with Type, Status and Brand applied
 * (in the order the server sends, newest change first); failing both, the previous answer, marked
 * as such (`previous`: a click on one of its rows would open another year's enrollment).
 */
export function rowsToShow(
  key: string,
  filters: ListFilters,
  answer: ListAnswer | null,
  loaded: LoadedYear | null,
): ShownRows {
  if (answer?.key === key) return { rows: answer.rows, previous: null }
  const previous = (): ShownRows =>
    answer ? { rows: answer.rows, previous: answer.filters } : { rows: [], previous: null }
  // Which rows need attention only the server knows: the last answer stays until it comes.
  if (serverOnly(filters)) return previous()
  if (loaded && loaded.scope === scopeOf(filters)) {
    const rows = coversYear(filters)
      ? loaded.rows
      : loaded.rows.filter((row) => passesTypeAndStatus(row, filters))
    return { rows, previous: null }
  }
  return previous()
}

/**
 * What the list says above an earlier answer's rows: 'Showing 2025 while 2026 loads.' when
 * they are another year's, else that they are the previous results.
 */
export function previousRowsText(previous: ListFilters, filters: ListFilters): string {
  if (previous.year !== filters.year) return `Showing ${previous.year} while ${filters.year} loads.`
  return 'Showing the previous results while these load.'
}
