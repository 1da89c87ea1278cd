import type { Enrollment } from '@shared/enrollment/enrollment'
import {
  defaultRangeExtractor,
  type Range,
  useVirtualizer,
  useWindowVirtualizer,
  type VirtualItem,
} from '@tanstack/react-virtual'
import {
  type FocusEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { type FormState, useForm, useFormSnapshot } from '../../../components/form/form-state'
import { DealerRow, submitOnEnter } from './dealer-row'

export interface DealerRowsProps {
  count: number
  removable: boolean
  onRemove(index: number): void
}

export interface WindowedRowsProps extends DealerRowsProps {
  /** The row that holds the focus as the table becomes windowed, and its focused control's id. */
  focus: { row: number; id: string } | null
  /**
   * The height of a row of the plain table as the table becomes windowed, in px: the first
   * estimate of every row not yet measured (a card on a phone is 230 to 410 px tall by the
   * width; a wrong estimate moves what lies below the table once the rows near it are measured).
   */
  rowHeight?: number
}

/** The width below which a row is a card (forms.css, the dealer table's narrow layout). */
const NARROW = '(max-width: 720px)'
/** A row's height when no row has been seen yet: a line of inputs, or a card of four fields. */
const defaultRowHeight = () => (window.matchMedia(NARROW).matches ? 270 : 57)
/** Rows rendered beyond each edge of the screen, so Tab always finds the next row there. */
const OVERSCAN = 3

/**
 * The rows of a long dealer table, rendered only where they can be seen (docs/decisions.md): up
 * to 300 rows of inputs made every keystroke's event handling, style, layout and paint grow with
 * the table. The rows on screen and a few beyond each edge are in the document; so are the row
 * that holds the focus (scrolling away never takes it) and the first row showing an error (a
 * submit moves the focus there, wherever it lies). The table's scroll container is the page, or
 * the admin dialog that holds the form. A chunk of its own, with the windowing library
 * (dealer-rows.tsx loads it when a table grows long).
 */
export default function WindowedRows(props: WindowedRowsProps) {
  const probe = useRef<HTMLTableSectionElement>(null)
  const [scroller, setScroller] = useState<HTMLElement | Window | null>(null)
  useLayoutEffect(() => {
    if (probe.current) setScroller(probe.current.closest('dialog') ?? window)
  }, [])
  if (!scroller) return <tbody ref={probe} />
  if (scroller === window) return <WindowRows {...props} />
  return <ElementRows {...props} element={scroller as HTMLElement} />
}

function WindowRows(props: WindowedRowsProps) {
  const rows = useRowPlan(props.count, null, props.focus, props.rowHeight)
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: props.count,
    estimateSize: rows.estimateSize,
    overscan: OVERSCAN,
    scrollMargin: rows.margin,
    rangeExtractor: rows.rangeExtractor,
  })
  return <RowsBody {...props} plan={rows} virtualizer={virtualizer} />
}

function ElementRows({ element, ...props }: WindowedRowsProps & { element: HTMLElement }) {
  const rows = useRowPlan(props.count, element, props.focus, props.rowHeight)
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: props.count,
    getScrollElement: () => element,
    estimateSize: rows.estimateSize,
    overscan: OVERSCAN,
    scrollMargin: rows.margin,
    rangeExtractor: rows.rangeExtractor,
  })
  return <RowsBody {...props} plan={rows} virtualizer={virtualizer} />
}

interface RowPlan {
  body: RefObject<HTMLTableSectionElement | null>
  /** Where the rows start in the scroll container's content, in px. */
  margin: number
  rangeExtractor(range: Range): number[]
  /** A row's height before it is measured: that of a row seen at the current width. */
  estimateSize(): number
  onFocus(event: FocusEvent<HTMLTableSectionElement>): void
}

/** What both scroll containers share: the rows' offset, and the rows kept whatever the range. */
function useRowPlan(
  count: number,
  container: HTMLElement | null,
  focus: WindowedRowsProps['focus'],
  rowHeight: number | undefined,
): RowPlan {
  const form = useForm<Enrollment>()
  const body = useRef<HTMLTableSectionElement>(null)
  const [margin, setMargin] = useState(0)
  // The height of a row seen at a width: the plain table's at the switch, else the first row
  // rendered here, seen again when the width changes (a phone turned, a window resized).
  const seen = useRef(rowHeight ? { width: window.innerWidth, height: rowHeight } : undefined)
  useLayoutEffect(() => {
    if (seen.current?.width === window.innerWidth) return
    const row = body.current?.querySelector('tr')
    if (row) seen.current = { width: window.innerWidth, height: row.getBoundingClientRect().height }
  })
  const estimateSize = useCallback(() => seen.current?.height || defaultRowHeight(), [])
  const [focused, setFocused] = useState<number | null>(focus?.row ?? null)
  const firstError = useFirstErrorRow(form)

  // The rows' offset moves whenever anything above them changes size (errors shown, a field
  // revealed, another width): the form's size changes with it.
  useLayoutEffect(() => {
    const element = body.current
    if (!element) return
    const measure = () => {
      const top = element.getBoundingClientRect().top
      const offset = container
        ? top - container.getBoundingClientRect().top + container.scrollTop
        : top + window.scrollY
      setMargin((current) => (Math.abs(current - offset) < 1 ? current : offset))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(element.closest('form') ?? document.body)
    return () => observer.disconnect()
  }, [container])

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range))
      for (const kept of [focused, firstError]) {
        if (kept !== null && kept < count) indexes.add(kept)
      }
      return [...indexes].sort((a, b) => a - b)
    },
    [focused, firstError, count],
  )

  const onFocus = useCallback((event: FocusEvent<HTMLTableSectionElement>) => {
    const row = event.target.closest<HTMLElement>('tr[data-index]')
    setFocused(row ? Number(row.dataset.index) : null)
  }, [])

  return { body, margin, rangeExtractor, estimateSize, onFocus }
}

/** The index of the first dealer row with an error on screen, or null. */
function useFirstErrorRow(form: FormState<Enrollment>): number | null {
  // Errors and touched fields change on submit and blur, not on a keystroke: the scan of the
  // error keys runs again only when either changes.
  const select = useMemo(() => {
    let seen: { errors: unknown; touched: unknown; row: number | null } | null = null
    return (state: FormState<Enrollment>) => {
      if (seen?.errors !== state.errors || seen.touched !== state.touched) {
        seen = { errors: state.errors, touched: state.touched, row: firstErrorRow(state) }
      }
      return seen.row
    }
  }, [])
  return useFormSnapshot(form, select)
}

const ROW_KEY = /^dealers\[(\d+)\]\./

function firstErrorRow(state: FormState<Enrollment>): number | null {
  let first: number | null = null
  for (const key of Object.keys(state.errors)) {
    const match = ROW_KEY.exec(key)
    if (!match || !state.touched.has(key)) continue
    const row = Number(match[1])
    if (first === null || row < first) first = row
  }
  return first
}

/** What the rows read of either virtualizer. */
interface RowsVirtualizer {
  options: { scrollMargin: number }
  getTotalSize(): number
  getVirtualItems(): VirtualItem[]
  measureElement(element: HTMLTableRowElement | null): void
}

function RowsBody({
  count,
  removable,
  onRemove,
  focus,
  plan,
  virtualizer,
}: WindowedRowsProps & {
  plan: RowPlan
  virtualizer: RowsVirtualizer
}) {
  // The table became windowed while a row's control had the focus: its row is rendered again
  // (kept by the range, useRowPlan, once the virtualizer has measured the page) and the control
  // gets the focus back, unless the focus has gone somewhere meanwhile.
  const refocus = useRef(focus?.id)
  useLayoutEffect(() => {
    if (!refocus.current) return
    if (document.activeElement && document.activeElement !== document.body) {
      refocus.current = undefined
      return
    }
    const control = document.getElementById(refocus.current)
    if (!control) return
    refocus.current = undefined
    control.focus({ preventScroll: true })
  })
  return (
    <tbody
      ref={plan.body}
      className="dealer-table__rows dealer-table__rows--windowed"
      style={{ height: `${virtualizer.getTotalSize()}px` }}
      onFocus={plan.onFocus}
      onKeyDown={submitOnEnter}
    >
      {virtualizer.getVirtualItems().map((item) => (
        <DealerRow
          key={item.key}
          index={item.index}
          offset={item.start - virtualizer.options.scrollMargin}
          measure={virtualizer.measureElement}
          removable={removable && count > 1}
          onRemove={onRemove}
        />
      ))}
    </tbody>
  )
}
