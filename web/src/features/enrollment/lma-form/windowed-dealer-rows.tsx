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
  memo,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { type FormState, useForm, useFormSnapshot } from '../../../components/form/form-state'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { HISPANIC_OPTIONS, KIT_SIZE_OPTIONS } from '../components/enrollment-choices'

export interface DealerRowsProps {
  count: number
  removable: boolean
  onRemove(index: number): void
}

/** The width below which a row is a card (forms.css, the dealer table's narrow layout). */
const NARROW = '(max-width: 720px)'
/** A row's height before it is measured: a line of inputs, or a card of four fields. */
const estimateRowHeight = () => (window.matchMedia(NARROW).matches ? 270 : 57)
/** Rows rendered beyond each edge of the screen, so Tab always finds the next row there. */
const OVERSCAN = 3

/**
 * The rows of the dealer table, rendered only where they can be seen (docs/decisions.md): up to
 * 300 rows of inputs made every keystroke's event handling, style, layout and paint grow with
 * the table. The rows on screen and a few beyond each edge are in the document; so are the row
 * that holds the focus (scrolling away never takes it) and the first row showing an error (a
 * submit moves the focus there, wherever it lies). The table's scroll container is the page, or
 * the admin dialog that holds the form.
 */
export function DealerRows(props: DealerRowsProps) {
  const probe = useRef<HTMLTableSectionElement>(null)
  const [scroller, setScroller] = useState<HTMLElement | Window | null>(null)
  useLayoutEffect(() => {
    if (probe.current) setScroller(probe.current.closest('dialog') ?? window)
  }, [])
  if (!scroller) return <tbody ref={probe} />
  if (scroller === window) return <WindowRows {...props} />
  return <ElementRows {...props} element={scroller as HTMLElement} />
}

function WindowRows(props: DealerRowsProps) {
  const rows = useRowPlan(props.count, null)
  const virtualizer = useWindowVirtualizer<HTMLTableRowElement>({
    count: props.count,
    estimateSize: estimateRowHeight,
    overscan: OVERSCAN,
    scrollMargin: rows.margin,
    rangeExtractor: rows.rangeExtractor,
  })
  return <RowsBody {...props} plan={rows} virtualizer={virtualizer} />
}

function ElementRows({ element, ...props }: DealerRowsProps & { element: HTMLElement }) {
  const rows = useRowPlan(props.count, element)
  const virtualizer = useVirtualizer<HTMLElement, HTMLTableRowElement>({
    count: props.count,
    getScrollElement: () => element,
    estimateSize: estimateRowHeight,
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
  onFocus(event: FocusEvent<HTMLTableSectionElement>): void
}

/** What both scroll containers share: the rows' offset, and the rows kept whatever the range. */
function useRowPlan(count: number, container: HTMLElement | null): RowPlan {
  const form = useForm<Enrollment>()
  const body = useRef<HTMLTableSectionElement>(null)
  const [margin, setMargin] = useState(0)
  const [focused, setFocused] = useState<number | null>(null)
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

  return { body, margin, rangeExtractor, onFocus }
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
  plan,
  virtualizer,
}: DealerRowsProps & {
  plan: RowPlan
  virtualizer: RowsVirtualizer
}) {
  return (
    <tbody
      ref={plan.body}
      className="dealer-table__rows"
      style={{ height: `${virtualizer.getTotalSize()}px` }}
      onFocus={plan.onFocus}
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

/** The asterisk of a required column (the header's, and a card's label). */
export function Required() {
  return (
    <span aria-hidden="true" className="field__required">
      {' '}
      *
    </span>
  )
}

/** The column's name, shown above the field when the table is laid out as cards. */
function CellLabel({ name, hint }: { name: string; hint?: string }) {
  return (
    <span className="dealer-table__cell-label" aria-hidden="true">
      {name}
      <Required />
      {hint && <span className="dealer-table__hint">{hint}</span>}
    </span>
  )
}

/**
 * One dealer row; re-renders only when its place or its Remove button changes. Its inputs are
 * the fields a row keeps (docs/product.md#dealer-entry; form-inputs.test.tsx checks them).
 */
export const DealerRow = memo(function DealerRow({
  index,
  offset,
  measure,
  removable,
  onRemove,
}: {
  index: number
  offset: number
  measure(element: HTMLTableRowElement | null): void
  removable: boolean
  onRemove(index: number): void
}) {
  const path = `dealers[${index}]` as const
  const row = index + 1
  return (
    <tr
      className="dealer-table__row"
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      style={{ transform: `translateY(${offset}px)` }}
    >
      <td>
        <CellLabel name="BAC" />
        <TextField path={`${path}.bac`} label={`BAC, dealer ${row}`} hideLabel required />
      </td>
      <td>
        <CellLabel name="Dealer Name" />
        <TextField path={`${path}.name`} label={`Dealer name, dealer ${row}`} hideLabel required />
      </td>
      <td>
        <CellLabel name="English Kit Size" hint="$400/large, $325/small" />
        <SelectField
          path={`${path}.kitSize`}
          label={`English kit size, dealer ${row}`}
          hideLabel
          required
          options={KIT_SIZE_OPTIONS}
        />
      </td>
      <td>
        <CellLabel name="Hispanic Option" hint="$125/kit" />
        <SelectField
          path={`${path}.hispanic`}
          label={`Hispanic option, dealer ${row}`}
          hideLabel
          required
          options={HISPANIC_OPTIONS}
        />
      </td>
      <td className="dealer-table__remove">
        {removable && (
          <button
            type="button"
            className="button button--small button--danger"
            aria-label={`Remove dealer ${row}`}
            onClick={() => onRemove(index)}
          >
            Remove
          </button>
        )}
      </td>
    </tr>
  )
})
