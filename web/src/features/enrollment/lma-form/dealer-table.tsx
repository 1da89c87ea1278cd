import { MAX_DEALER_ROWS } from '@shared/domain/enrollment-choices'
import { emptyLmaDealerRow } from '@shared/enrollment/empty-enrollment'
import type { DealerEntry, Enrollment } from '@shared/enrollment/enrollment'
import {
  dealerRowCostCents,
  HISPANIC_PRICE_HINT,
  KIT_SIZE_PRICE_HINT,
} from '@shared/enrollment/pricing'
import { formatMoney } from '@shared/format/money-text'
import { useCallback } from 'react'
import {
  type FormState,
  useFieldError,
  useForm,
  useFormSnapshot,
} from '../../../components/form/form-state'
import { useConfirm } from '../../../components/ui/confirm'
import { Required } from './dealer-row'
import { DealerRows } from './dealer-rows'

const LIMIT_ID = 'dealer-table-limit'

const blanks = (count: number) => Array.from({ length: count }, emptyLmaDealerRow)

/** docs/product.md#lma-form: asked before Remove All clears rows that hold anything. */
export const REMOVE_ALL_QUESTION =
  'Remove every dealer row and start over with one blank row? The dealers entered so far will be lost.'

/** Whether a row holds anything a person entered or a look-up filled in. */
const hasContent = (row: DealerEntry) =>
  row.bac.trim() !== '' || row.name.trim() !== '' || row.kitSize !== '' || row.hispanic !== ''

/** The row operations; each tells the form where every kept row came from. */
function rowActions(form: FormState<Enrollment>) {
  const rows = () => form.values.dealers
  const set = (next: DealerEntry[], from: (number | undefined)[]) =>
    form.setRows('dealers', next, from)
  return {
    add(count: number) {
      const current = rows()
      const added = Math.min(count, MAX_DEALER_ROWS - current.length)
      if (added <= 0) return
      set(
        [...current, ...blanks(added)],
        current.map((_, index) => index),
      )
    },
    remove(index: number) {
      const current = rows()
      const kept = current.flatMap((_, other) => (other === index ? [] : [other]))
      set(
        kept.map((other) => current[other] as DealerEntry),
        kept,
      )
    },
    removeAll() {
      set(blanks(1), [undefined])
    },
    removeUnused() {
      const current = rows()
      const used = current.flatMap((row, index) => (row.bac.trim() !== '' ? [index] : []))
      if (used.length === 0) set(blanks(1), [undefined])
      else
        set(
          used.map((index) => current[index] as DealerEntry),
          used,
        )
    },
  }
}

/** The Participating Dealers table of the LMA form. */
export function DealerTable() {
  const form = useForm<Enrollment>()
  const confirm = useConfirm()
  // Scoped to the rows: a keystroke elsewhere in the form never asks.
  const count = useFormSnapshot(form, (state) => state.values.dealers.length, 'dealers')
  const readOnly = useFormSnapshot(form, (state) => state.readOnly)
  const listError = useFieldError('dealers')
  const actions = rowActions(form)
  const remove = useCallback((index: number) => rowActions(form).remove(index), [form])
  const full = count >= MAX_DEALER_ROWS
  const removeAll = async () => {
    if (form.values.dealers.some(hasContent) && !(await confirm(REMOVE_ALL_QUESTION))) return
    actions.removeAll()
  }
  const addProps = {
    type: 'button' as const,
    className: 'button button--small',
    'aria-disabled': full || undefined,
    'aria-describedby': LIMIT_ID,
  }

  return (
    <>
      {listError && <p className="field__error">{listError}</p>}
      <table className="dealer-table" aria-rowcount={count + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">
              BAC
              <Required />
            </th>
            <th scope="col">
              Dealer Name
              <Required />
            </th>
            <th scope="col">
              English Kit Size
              <Required />
              <span className="dealer-table__hint">{KIT_SIZE_PRICE_HINT}</span>
            </th>
            <th scope="col">
              Hispanic Option
              <Required />
              <span className="dealer-table__hint">{HISPANIC_PRICE_HINT}</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <DealerRows count={count} removable={!readOnly} onRemove={remove} />
      </table>
      {!readOnly && (
        <div className="dealer-table__actions">
          <button {...addProps} onClick={() => actions.add(1)}>
            Add Dealer
          </button>
          <button {...addProps} onClick={() => actions.add(5)}>
            Add 5 Dealers
          </button>
          <button type="button" className="button button--small" onClick={removeAll}>
            Remove All
          </button>
          <button type="button" className="button button--small" onClick={actions.removeUnused}>
            Remove Unused
          </button>
          <p id={LIMIT_ID} className="dealer-table__limit">
            An enrollment can list at most {MAX_DEALER_ROWS} dealers.
          </p>
        </div>
      )}
      <DealerTotal />
    </>
  )
}

interface DealerTotals {
  cents: number
  /** Rows that order something. */
  counted: number
}

/** The totals of one list of rows, summed once however often they are asked for. */
const totalsOfRows = new WeakMap<readonly DealerEntry[], DealerTotals>()

function totalsOf(rows: readonly DealerEntry[]): DealerTotals {
  let totals = totalsOfRows.get(rows)
  if (!totals) {
    totals = { cents: 0, counted: 0 }
    for (const row of rows) {
      const cents = dealerRowCostCents(row)
      totals.cents += cents
      if (cents > 0) totals.counted += 1
    }
    totalsOfRows.set(rows, totals)
  }
  return totals
}

/** The running cost of the rows, live while the rows are edited. */
function DealerTotal() {
  const form = useForm<Enrollment>()
  // Two numbers, so that a key that changes no price (a BAC, a name) renders nothing here.
  const cents = useFormSnapshot(form, (state) => totalsOf(state.values.dealers).cents, 'dealers')
  const counted = useFormSnapshot(
    form,
    (state) => totalsOf(state.values.dealers).counted,
    'dealers',
  )
  return (
    <p className="dealer-table__total" aria-live="polite">
      Estimated yearly cost: {formatMoney(cents)} for {counted}{' '}
      {counted === 1 ? 'dealer' : 'dealers'}
    </p>
  )
}
