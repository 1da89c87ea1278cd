import { ENROLLMENT_STATUSES } from '@shared/domain/enrollment-choices'
import {
  LIST_COLUMNS,
  type ListItem,
  type ListSort,
  type ListSortKey,
  listBacText,
  listNameText,
  listTypeText,
} from '@shared/enrollment/list-view'
import { brandDisplayName } from '@shared/format/brand-name'
import { formatDate, formatFullDateTime } from '@shared/format/date-text'
import { STATUS_MEANINGS, statusWords } from '@shared/format/status-words'
import { useConfig } from '../../config/config-context'

export type ListRow = ListItem

const SELECT_PAGE_ID = 'list-select-page'

/** The element of a row that takes the focus back when its dialog closes. */
export function rowFocusTarget(guid: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-row-focus="${CSS.escape(guid)}"]`)
}

/** What a click on a column's header sorts by: that column ascending, or the other way round. */
export function nextSort(sort: ListSort, key: ListSortKey): ListSort {
  return sort.key === key ? { key, descending: !sort.descending } : { key, descending: false }
}

/** The rows chosen for a bulk action, and how a checkbox changes them. */
export interface ListSelection {
  selected: ReadonlySet<string>
  onSelect(guids: string[], selected: boolean): void
}

export function ListTable({
  rows,
  sort,
  onSort,
  onOpen,
  selection,
}: {
  rows: ListRow[]
  sort: ListSort
  onSort(sort: ListSort): void
  onOpen(row: ListRow): void
  /**
   * The rows chosen for a bulk action (docs/product.md#office-workflow); without it (a role that
   * may change nothing) the list has no checkboxes.
   */
  selection?: ListSelection | undefined
}) {
  const { brands } = useConfig()
  if (rows.length === 0) return <p className="placeholder">No enrollments to display.</p>
  const selected = selection?.selected ?? new Set<string>()
  const onSelect = (guids: string[], on: boolean) => selection?.onSelect(guids, on)
  const selectable = rows.filter((row) => row.status !== 'Deleted').map((row) => row.guid)
  const onPage = selectable.filter((guid) => selected.has(guid)).length
  const selectPage = (id?: string) => (
    <input
      id={id}
      type="checkbox"
      aria-label="Select all enrollments on this page"
      checked={onPage > 0 && onPage === selectable.length}
      ref={(box) => {
        if (box) box.indeterminate = onPage > 0 && onPage < selectable.length
      }}
      disabled={selectable.length === 0}
      onChange={(event) => onSelect(selectable, event.target.checked)}
    />
  )
  // Below 52rem each row shows as a card; data-label names a cell's value there, and the
  // header's checkbox (hidden with the header) is above the cards.
  return (
    <div className="list-table-frame">
      {selection && (
        <div className="list-table__select-page">
          {selectPage(SELECT_PAGE_ID)}
          <label htmlFor={SELECT_PAGE_ID}>Select all on this page</label>
        </div>
      )}
      <table className="list-table">
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="list-table__select">
                {selectPage()}
              </th>
            )}
            {LIST_COLUMNS.map((column) => {
              const sorted = sort.key === column.sort
              return (
                <th
                  key={column.sort}
                  scope="col"
                  aria-sort={sorted ? (sort.descending ? 'descending' : 'ascending') : undefined}
                >
                  <button
                    type="button"
                    className="list-table__sort"
                    onClick={() => onSort(nextSort(sort, column.sort))}
                  >
                    {column.header}
                    <span className="list-table__sort-mark" aria-hidden="true">
                      {sorted ? (sort.descending ? '▼' : '▲') : ''}
                    </span>
                  </button>
                </th>
              )
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            // A deleted enrollment stays in the list until the next fetch, but opens nothing.
            const deleted = row.status === 'Deleted'
            return (
              <tr
                key={row.guid}
                className={deleted ? 'list-table__row list-table__row--deleted' : 'list-table__row'}
                onClick={deleted ? undefined : () => onOpen(row)}
              >
                {selection && (
                  <td className="list-table__select" data-label="Select">
                    <input
                      type="checkbox"
                      aria-label={`Select ${listNameText(row)}`}
                      checked={selected.has(row.guid)}
                      disabled={deleted}
                      onClick={(event) => event.stopPropagation()}
                      onChange={(event) => onSelect([row.guid], event.target.checked)}
                    />
                  </td>
                )}
                <td data-label="Year">{row.year}</td>
                <td data-label="Brand">{brandDisplayName(brands, row.brand)}</td>
                <td data-label="Type">{listTypeText(row.type)}</td>
                <td data-label="BAC">{listBacText(row)}</td>
                <td className="list-table__name">
                  {deleted ? (
                    <span data-row-focus={row.guid} tabIndex={-1}>
                      {listNameText(row)}
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="link-button"
                      data-row-focus={row.guid}
                      onClick={(event) => {
                        event.stopPropagation()
                        onOpen(row)
                      }}
                    >
                      {listNameText(row)}
                    </button>
                  )}
                </td>
                <td className="list-table__status">
                  <span className={`status status--${row.status.toLowerCase()}`}>
                    {statusWords(row.status)}
                  </span>
                </td>
                <td data-label="Created">{formatDate(row.created)}</td>
                <td data-label="Updated" title={formatFullDateTime(row.modified)}>
                  {formatDate(row.modified)}
                </td>
                <td data-label="Kits">{row.kits}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

export function Legend() {
  return (
    <dl className="legend">
      {ENROLLMENT_STATUSES.map((status) => (
        <div key={status}>
          <dt>{statusWords(status)}</dt>
          <dd>{STATUS_MEANINGS[status]}</dd>
        </div>
      ))}
    </dl>
  )
}
