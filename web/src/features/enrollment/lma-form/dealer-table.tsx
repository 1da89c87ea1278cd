import { emptyLmaDealerRow } from '@shared/enrollment/empty-enrollment'
import { type DealerEntry, type Enrollment, MAX_DEALER_ROWS } from '@shared/enrollment/enrollment'
import { MAX_LENGTH } from '@shared/enrollment/field-limits'
import {
  dealerRowCostCents,
  formatMoney,
  HISPANIC_PRICE_HINT,
  KIT_SIZE_PRICE_HINT,
} from '@shared/enrollment/pricing'
import { memo, useCallback } from 'react'
import {
  type FormState,
  useFieldError,
  useForm,
  useFormSelector,
  useFormSnapshot,
} from '../../../components/form/form-state'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { HISPANIC_OPTIONS, KIT_SIZE_OPTIONS } from '../components/enrollment-choices'

const LIMIT_ID = 'dealer-table-limit'

const blanks = (count: number) => Array.from({ length: count }, emptyLmaDealerRow)

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
  const count = useFormSelector((values: Enrollment) => values.dealers.length)
  const readOnly = useFormSnapshot(form, (state) => state.readOnly)
  const listError = useFieldError('dealers')
  const actions = rowActions(form)
  const remove = useCallback((index: number) => rowActions(form).remove(index), [form])
  const full = count >= MAX_DEALER_ROWS
  const addProps = {
    type: 'button' as const,
    className: 'button button--small',
    'aria-disabled': full || undefined,
    'aria-describedby': LIMIT_ID,
  }

  return (
    <>
      {listError && <p className="field__error">{listError}</p>}
      <table className="dealer-table">
        <thead>
          <tr>
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
        <tbody>
          {Array.from({ length: count }, (_, index) => (
            <DealerRow
              // biome-ignore lint/suspicious/noArrayIndexKey: a row is its place in the list; its fields follow their paths
              key={index}
              index={index}
              removable={count > 1 && !readOnly}
              onRemove={remove}
            />
          ))}
        </tbody>
      </table>
      {!readOnly && (
        <div className="dealer-table__actions">
          <button {...addProps} onClick={() => actions.add(1)}>
            Add Dealer
          </button>
          <button {...addProps} onClick={() => actions.add(5)}>
            Add 5 Dealers
          </button>
          <button type="button" className="button button--small" onClick={actions.removeAll}>
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

function Required() {
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

/** One dealer row; re-renders only when its place or its Remove button changes. */
const DealerRow = memo(function DealerRow({
  index,
  removable,
  onRemove,
}: {
  index: number
  removable: boolean
  onRemove(index: number): void
}) {
  const path = `dealers[${index}]`
  const row = index + 1
  return (
    <tr>
      <td>
        <CellLabel name="BAC" />
        <TextField
          path={`${path}.bac`}
          label={`BAC, dealer ${row}`}
          hideLabel
          required
          maxLength={MAX_LENGTH.bacLmaRow}
        />
      </td>
      <td>
        <CellLabel name="Dealer Name" />
        <TextField
          path={`${path}.name`}
          label={`Dealer name, dealer ${row}`}
          hideLabel
          required
          maxLength={MAX_LENGTH.dealerName}
        />
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

/** The running cost of the rows, live while the rows are edited. */
function DealerTotal() {
  const total = useFormSelector((values: Enrollment) =>
    values.dealers.reduce((sum, row) => sum + dealerRowCostCents(row), 0),
  )
  const counted = useFormSelector(
    (values: Enrollment) => values.dealers.filter((row) => dealerRowCostCents(row) > 0).length,
  )
  return (
    <p className="dealer-table__total" aria-live="polite">
      Estimated yearly cost: {formatMoney(total)} for {counted}{' '}
      {counted === 1 ? 'dealer' : 'dealers'}
    </p>
  )
}
