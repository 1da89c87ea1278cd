import { emptyLmaDealerRow } from '@shared/enrollment/empty-enrollment'
import type { DealerEntry, Enrollment } from '@shared/enrollment/enrollment'
import { MAX_LENGTH } from '@shared/enrollment/field-limits'
import {
  dealerRowCostCents,
  formatMoney,
  HISPANIC_PRICE_HINT,
  KIT_SIZE_PRICE_HINT,
} from '@shared/enrollment/pricing'
import { useForm } from '../../../components/form/form-state'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { HISPANIC_OPTIONS, KIT_SIZE_OPTIONS } from '../components/enrollment-choices'

/** The Participating Dealers table of the LMA form. */
export function DealerTable() {
  const form = useForm<Enrollment>()
  const rows = form.values.dealers
  const setRows = (next: DealerEntry[]) => form.update((values) => ({ ...values, dealers: next }))
  const blanks = (count: number) => Array.from({ length: count }, emptyLmaDealerRow)
  const removeUnused = () => {
    const used = rows.filter((row) => row.bac.trim() !== '')
    setRows(used.length > 0 ? used : blanks(1))
  }
  const total = rows.reduce((sum, row) => sum + dealerRowCostCents(row), 0)
  const counted = rows.filter((row) => dealerRowCostCents(row) > 0).length

  return (
    <>
      {form.errors.dealers && form.touched.has('dealers') && (
        <p className="field__error">{form.errors.dealers}</p>
      )}
      <table className="dealer-table">
        <thead>
          <tr>
            <th scope="col">
              BAC
              <span aria-hidden="true" className="field__required">
                {' '}
                *
              </span>
            </th>
            <th scope="col">
              Dealer Name
              <span aria-hidden="true" className="field__required">
                {' '}
                *
              </span>
            </th>
            <th scope="col">
              English Kit Size
              <span aria-hidden="true" className="field__required">
                {' '}
                *
              </span>
              <span className="dealer-table__hint">{KIT_SIZE_PRICE_HINT}</span>
            </th>
            <th scope="col">
              Hispanic Option
              <span aria-hidden="true" className="field__required">
                {' '}
                *
              </span>
              <span className="dealer-table__hint">{HISPANIC_PRICE_HINT}</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((_row, index) => {
            const path = `dealers[${index}]`
            const row = index + 1
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own until a BAC is typed
              <tr key={index}>
                <td>
                  <TextField
                    path={`${path}.bac`}
                    label={`BAC, dealer ${row}`}
                    hideLabel
                    required
                    maxLength={MAX_LENGTH.bacLmaRow}
                  />
                </td>
                <td>
                  <TextField
                    path={`${path}.name`}
                    label={`Dealer name, dealer ${row}`}
                    hideLabel
                    required
                    maxLength={MAX_LENGTH.dealerName}
                  />
                </td>
                <td>
                  <SelectField
                    path={`${path}.kitSize`}
                    label={`English kit size, dealer ${row}`}
                    hideLabel
                    required
                    options={KIT_SIZE_OPTIONS}
                  />
                </td>
                <td>
                  <SelectField
                    path={`${path}.hispanic`}
                    label={`Hispanic option, dealer ${row}`}
                    hideLabel
                    required
                    options={HISPANIC_OPTIONS}
                  />
                </td>
                <td>
                  {rows.length > 1 && !form.readOnly && (
                    <button
                      type="button"
                      className="button button--small button--danger"
                      aria-label={`Remove dealer ${row}`}
                      onClick={() => setRows(rows.filter((_, other) => other !== index))}
                    >
                      Remove
                    </button>
                  )}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {!form.readOnly && (
        <div className="dealer-table__actions">
          <button
            type="button"
            className="button button--small"
            onClick={() => setRows([...rows, ...blanks(1)])}
          >
            Add Dealer
          </button>
          <button
            type="button"
            className="button button--small"
            onClick={() => setRows([...rows, ...blanks(5)])}
          >
            Add 5 Dealers
          </button>
          <button type="button" className="button button--small" onClick={() => setRows(blanks(1))}>
            Remove All
          </button>
          <button type="button" className="button button--small" onClick={removeUnused}>
            Remove Unused
          </button>
        </div>
      )}
      <p className="dealer-table__total" aria-live="polite">
        Estimated yearly cost: {formatMoney(total)} for {counted}{' '}
        {counted === 1 ? 'dealer' : 'dealers'}
      </p>
    </>
  )
}
