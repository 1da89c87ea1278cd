import { type KeyboardEvent, memo, useId, useLayoutEffect } from 'react'
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
 * The id of an empty `<form>` of the row's own, outside the enrollment's form, that owns the row's
 * inputs (their `form` attribute). Chromium's autofill reads every control of a field's form
 * again after each typed character (about three style and layout checks per control): with the
 * rows in the enrollment's form, each key read the LMA fields and every row in the document, and
 * a key in a row cost twice what it did in a one-row form (docs/performance.md). The inputs stay
 * in the enrollment's `<form>` and `<fieldset>` in the document (read-only state, the focus on
 * the first error), and the form state holds the values, so nothing else reads the owner;
 * Enter in a row still submits the enrollment (submitOnEnter).
 */
function useRowOwner(): string {
  const id = useId()
  useLayoutEffect(() => {
    const owner = document.createElement('form')
    owner.id = id
    owner.hidden = true
    document.body.append(owner)
    return () => owner.remove()
  }, [id])
  return id
}

/**
 * Enter in a row's text input submits the enrollment's form, as it did before the rows' inputs had
 * forms of their own (a form of two text inputs and no submit button submits nothing): a click
 * on the form's default button, its first submit button, unless that is disabled.
 */
export function submitOnEnter(event: KeyboardEvent<HTMLElement>) {
  const target = event.target
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return
  if (!(target instanceof HTMLInputElement)) return
  const form = event.currentTarget.closest('form')
  if (!form) return
  event.preventDefault()
  const button = [...form.elements].find(
    (element): element is HTMLButtonElement | HTMLInputElement =>
      (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) &&
      element.type === 'submit',
  )
  if (button && !button.disabled) button.click()
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
  const owner = useRowOwner()
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
        <TextField
          path={`${path}.bac`}
          label={`BAC, dealer ${row}`}
          hideLabel
          required
          form={owner}
        />
      </td>
      <td>
        <CellLabel name="Dealer Name" />
        <TextField
          path={`${path}.name`}
          label={`Dealer name, dealer ${row}`}
          hideLabel
          required
          form={owner}
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
          form={owner}
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
          form={owner}
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
