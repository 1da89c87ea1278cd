import { listNameText, sortListItems } from '@shared/enrollment/list-view'
import { formatCount } from '@shared/format/number-text'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useSearch } from 'wouter'
import { failureText, LoadFailed } from '../../../components/ui/load-failed'
import { focusWhenRendered } from '../../../components/ui/move-focus'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { usePageTitle } from '../../../lib/page-title'
import { useAuth } from '../../auth/auth-context'
import { useConfig } from '../../config/config-context'
import { EnrollmentDialog } from '../enrollment-dialog/enrollment-dialog'
import {
  BULK_RESULT_ID,
  BulkActions,
  type BulkOutcomeReport,
  BulkReport,
} from '../office/bulk-actions'
import { useStaffAccess } from '../staff-access'
import { type ListView, readListAddress, writeListAddress } from './list-address'
import { ListFilterBar } from './list-filters'
import { ListSummary, RESULTS_ID } from './list-summary'
import { Legend, ListTable, rowFocusTarget } from './list-table'
import { previousRowsText } from './loaded-year'
import { PAGE_SIZE, Pager, pageCount } from './pager'
import { RolloverButton } from './rollover-button'
import { useEnrollmentList } from './use-enrollment-list'

/** Said when a filter change empties the selection (the rows it held may be gone from view). */
export const SELECTION_CLEARED = 'Selection cleared: the filter changed.'

/** Set on the history entry of a dialog opened from the list: closing it goes back to the list. */
interface OpenedFromList {
  openedFromList: true
}

function openedFromList(state: unknown): state is OpenedFromList {
  return typeof state === 'object' && state !== null && 'openedFromList' in state
}

/**
 * The admin index: filters, a page of 20 enrollments, the legend. The filters and sort live in
 * the address (/admin?year=...&sort=...), and an enrollment's dialog has an address of its own
 * (/admin/enrollments/{guid}, with the list's query), so both can be bookmarked and shared.
 */
export function EnrollmentList({ openGuid }: { openGuid?: string }) {
  usePageTitle('Enrollments')
  const { enrollmentYear, brands } = useConfig()
  const { ready, user } = useAuth()
  const { may } = useStaffAccess()
  // A role that may change nothing has no selection, and so no bulk actions.
  const mayChange = may('change')
  const search = useSearch()
  const [, navigate] = useLocation()
  const view = useMemo(
    () => readListAddress(search, { enrollmentYear, brands }),
    [search, enrollmentYear, brands],
  )
  const { filters, sort } = view
  const query = writeListAddress(view, enrollmentYear)
  const [page, setPage] = useState(1)
  const { items, previous, loading, failed, retry } = useEnrollmentList(filters, ready)
  const sorted = useMemo(() => sortListItems(items, sort, brands), [items, sort, brands])

  // The selection for bulk actions: kept across pages and sorts, emptied by a filter change
  // (it would otherwise hold rows the list no longer shows), which says so.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set())
  const [selectionNotice, setSelectionNotice] = useState('')
  const [report, setReport] = useState<BulkOutcomeReport | null>(null)
  const filterKey = JSON.stringify(filters)
  const [selectionScope, setSelectionScope] = useState(filterKey)
  if (selectionScope !== filterKey) {
    setSelectionScope(filterKey)
    if (selected.size > 0) {
      setSelected(new Set())
      setSelectionNotice(SELECTION_CLEARED)
    }
  }
  const select = (guids: string[], on: boolean) => {
    setSelectionNotice('')
    setSelected((current) => {
      const next = new Set(current)
      for (const guid of guids) {
        if (on) next.add(guid)
        else next.delete(guid)
      }
      return next
    })
  }
  const matching = sorted.filter((row) => row.status !== 'Deleted').map((row) => row.guid)
  const names = useMemo(() => new Map(items.map((row) => [row.guid, listNameText(row)])), [items])

  const pages = pageCount(sorted.length)
  const shown = Math.min(page, pages)
  const rows = sorted.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE)

  // A filter or sort change replaces the address (Back leaves the list, not the last keystroke).
  const show = (next: ListView) => {
    navigate(`~/admin${writeListAddress(next, enrollmentYear)}`, { replace: true })
    setPage(1)
  }
  const open = (guid: string) =>
    navigate(`~/admin/enrollments/${encodeURIComponent(guid)}${query}`, {
      state: { openedFromList: true } satisfies OpenedFromList,
    })
  const close = () => {
    if (openedFromList(window.history.state)) window.history.back()
    else navigate(`~/admin${query}`, { replace: true })
  }

  // Once a dialog has closed, the keyboard is back on the row that opened it (or, when that
  // row is not on this page, on the count of results).
  const lastOpen = useRef(openGuid)
  useEffect(() => {
    const closed = lastOpen.current
    lastOpen.current = openGuid
    if (!closed || openGuid) return
    ;(rowFocusTarget(closed) ?? document.getElementById(RESULTS_ID))?.focus()
  }, [openGuid])

  return (
    <>
      <ProgressBar active={loading} label="Loading enrollments" />
      <section className="stack" aria-busy={loading || undefined}>
        <ListFilterBar filters={filters} onChange={(next) => show({ filters: next, sort })} />
        {failed ? (
          <LoadFailed
            message={failureText(failed, 'The enrollments could not be loaded.')}
            onRetry={retry}
          />
        ) : (
          <>
            {/* An earlier answer's counts: dimmed and inactive with its rows (below). */}
            <div className={previous ? 'list-previous' : undefined} inert={Boolean(previous)}>
              <ListSummary
                rows={sorted}
                filters={filters}
                sort={sort}
                token={user?.idToken ?? ''}
                onSort={(next) => show({ filters, sort: next })}
              />
            </div>
            {report && (
              <BulkReport
                report={report}
                nameOf={(guid) => names.get(guid) || guid}
                onDismiss={() => setReport(null)}
              />
            )}
            <p className="selection-notice" role="status">
              {selectionNotice}
            </p>
            {mayChange && selected.size > 0 && (
              <div className="bulk-bar">
                <BulkActions
                  selected={[...selected]}
                  nameOf={(guid) => names.get(guid) || guid}
                  onFinished={(done) => {
                    setReport(done)
                    setSelected(new Set())
                    // The bar goes with the selection: the keyboard goes to what happened.
                    focusWhenRendered(() => document.getElementById(BULK_RESULT_ID))
                  }}
                />
                <p className="bulk-bar__scope">
                  {selected.size < matching.length && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setSelected(new Set(matching))}
                    >
                      Select all {formatCount(matching.length)} that match the filters
                    </button>
                  )}{' '}
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => setSelected(new Set())}
                  >
                    Clear selection
                  </button>
                </p>
              </div>
            )}
            <div className="list-rows">
              {/* Over the rows, taking no room: the list keeps its place while it fetches. */}
              {previous && (
                <p className="list-previous__note">{previousRowsText(previous, filters)}</p>
              )}
              {/* An earlier answer's rows (another year's): dimmed, and none of them opens. */}
              <div className={previous ? 'stack list-previous' : 'stack'} inert={Boolean(previous)}>
                <ListTable
                  rows={rows}
                  sort={sort}
                  onSort={(next) => show({ filters, sort: next })}
                  onOpen={(row) => open(row.guid)}
                  selection={mayChange ? { selected, onSelect: select } : undefined}
                />
                <Pager page={shown} pages={pages} onPage={setPage} />
              </div>
            </div>
          </>
        )}
        <div className="list-footer">
          <Legend />
          {filters.year === enrollmentYear && may('rollover') && (
            <RolloverButton year={enrollmentYear} />
          )}
        </div>
        {openGuid && <EnrollmentDialog key={openGuid} guid={openGuid} onClose={close} />}
      </section>
    </>
  )
}
