import type { ListFilters } from '../api/admin-calls'
import type { ListRow } from './list-table'

/** A list as the server answered it, for the filters whose key it carries. */
export interface ListAnswer {
  key: string
  rows: ListRow[]
}

/**
 * The rows of a year (and search) without Type and Status filters: every row either filter can
 * keep is among them, so a change of either can be shown from them at once while the list is
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

/** The filters leave every row of their year and search in: their answer is a loaded year. */
export function coversYear(filters: ListFilters): boolean {
  return !filters.type && !filters.status
}

/** The Type and Status filters, as the server applies them (equality; empty is Any). */
function passesTypeAndStatus(row: ListRow, filters: ListFilters): boolean {
  return (
    (!filters.type || row.type === filters.type) &&
    (!filters.status || row.status === filters.status)
  )
}

/**
 * The rows to show for `filters` (whose key is `key`): the server's answer for them once it has
 * come; before that, the loaded year of the same year and search with Type and Status applied
 * (in the order the server sends, newest change first); failing both, the previous answer.
 */
export function rowsToShow(
  key: string,
  filters: ListFilters,
  answer: ListAnswer | null,
  loaded: LoadedYear | null,
): ListRow[] {
  if (answer?.key === key) return answer.rows
  if (loaded && loaded.scope === scopeOf(filters)) {
    return coversYear(filters)
      ? loaded.rows
      : loaded.rows.filter((row) => passesTypeAndStatus(row, filters))
  }
  return answer?.rows ?? []
}
