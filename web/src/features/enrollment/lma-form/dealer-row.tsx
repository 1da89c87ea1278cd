import { memo } from 'react'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { HISPANIC_OPTIONS, KIT_SIZE_OPTIONS } from '../components/enrollment-choices'

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
 * the fields a row keeps (docs/product.md#dealer-entry; form-inputs.test.tsx checks them). In a
 * windowed table (windowed-dealer-rows.tsx) it is placed at `offset` and measured by `measure`.
 */
export const DealerRow = memo(function DealerRow({
  index,
  offset,
  measure,
  removable,
  onRemove,
}: {
  index: number
  offset?: number
  measure?: (element: HTMLTableRowElement | null) => void
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
      style={offset === undefined ? undefined : { transform: `translateY(${offset}px)` }}
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
