import { type ComponentType, type FocusEvent, useEffect, useRef, useState } from 'react'
import { DealerRow, submitOnEnter } from './dealer-row'
import type { DealerRowsProps, WindowedRowsProps } from './windowed-dealer-rows'

export type { DealerRowsProps } from './windowed-dealer-rows'

/**
 * Up to this many rows the table renders every row; a longer one renders only the rows near the
 * screen (windowed-dealer-rows.tsx, docs/decisions.md). An LMA form opens with one row, and
 * the windowing library is a tenth of the form's JavaScript, so it loads only for a long table.
 */
export const PLAIN_ROWS = 20
/** The windowing's chunk starts loading at this many rows, so that it is there at PLAIN_ROWS. */
const PRELOAD_ROWS = 10

type WindowedRows = ComponentType<WindowedRowsProps>

let windowedRows: WindowedRows | undefined
let loadingWindowedRows: Promise<WindowedRows> | undefined

function loadWindowedRows(): Promise<WindowedRows> {
  loadingWindowedRows ??= import('./windowed-dealer-rows').then(
    (module) => {
      windowedRows = module.default
      return module.default
    },
    (error: unknown) => {
      loadingWindowedRows = undefined
      throw error
    },
  )
  return loadingWindowedRows
}

/**
 * The dealer table's rows: every row of a short table, the rows near the screen of a long one.
 * A table that has become windowed stays so (a switch renders the rows anew, and the focus
 * must not be lost to it: the focused row is handed over).
 */
export function DealerRows(props: DealerRowsProps) {
  const [Windowed, setWindowed] = useState<WindowedRows | undefined>(() => windowedRows)
  const [windowedSince, setWindowedSince] =
    useState<Pick<WindowedRowsProps, 'focus' | 'rowHeight'>>()
  const focus = useRef<WindowedRowsProps['focus']>(null)
  const body = useRef<HTMLTableSectionElement>(null)
  const wanted = props.count >= PRELOAD_ROWS

  useEffect(() => {
    if (Windowed || !wanted) return
    let current = true
    loadWindowedRows().then(
      (loaded) => current && setWindowed(() => loaded),
      (error: unknown) => console.error('Could not load the windowed dealer rows', error),
    )
    return () => {
      current = false
    }
  }, [Windowed, wanted])

  if (Windowed && !windowedSince && props.count > PLAIN_ROWS) {
    // The rows on screen are the plain table's until this render commits: the first one's height
    // is the windowing's estimate of every row it has not measured yet.
    setWindowedSince({
      focus: focus.current,
      rowHeight: body.current?.rows[0]?.getBoundingClientRect().height,
    })
  }
  if (Windowed && windowedSince) return <Windowed {...props} {...windowedSince} />

  const track = (event: FocusEvent<HTMLTableSectionElement>) => {
    const row = event.target.closest<HTMLElement>('tr[data-index]')
    focus.current =
      row && event.target.id ? { row: Number(row.dataset.index), id: event.target.id } : null
  }
  return (
    <tbody
      ref={body}
      className="dealer-table__rows"
      onFocus={track}
      onBlur={() => {
        focus.current = null
      }}
      onKeyDown={submitOnEnter}
    >
      {Array.from({ length: props.count }, (_, index) => (
        <DealerRow
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list
          key={index}
          index={index}
          removable={props.removable && props.count > 1}
          onRemove={props.onRemove}
        />
      ))}
    </tbody>
  )
}
