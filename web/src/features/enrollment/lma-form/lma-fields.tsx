import { emptyLmaDealerRow } from '@shared/enrollment/empty-enrollment'
import type { Enrollment, LmaLookupResult } from '@shared/enrollment/enrollment'
import { useCallback } from 'react'
import { CheckboxField } from '../../../components/form/checkbox-field'
import { ChoiceField } from '../../../components/form/choice-field'
import { ComboboxField, type Suggestion } from '../../../components/form/combobox-field'
import { useForm, useFormValue } from '../../../components/form/form-state'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { useBrand } from '../../brand/brand-context'
import { suggestLmas } from '../api/suggest-lmas'
import { LMA_TYPE_CHOICES, STATE_OPTIONS } from '../components/enrollment-choices'

/** Fills the form from last year's enrollment of the chosen LMA (docs/product.md#type-ahead). */
function fillFromLookup(values: Enrollment, { detail }: Suggestion<LmaLookupResult>): Enrollment {
  const { regionId, dealers, ...record } = detail
  const lma = values.lma
  if (!lma) return values
  return {
    ...values,
    regionId: regionId ?? values.regionId,
    lma: { ...lma, ...record, country: record.country || 'USA' },
    dealers:
      dealers.length > 0
        ? dealers.map((dealer) => ({ ...emptyLmaDealerRow(), ...dealer }))
        : values.dealers,
  }
}

/**
 * `nameIsSearch`: on a new enrollment the LMA name also looks up last year's enrollment; on a
 * submitted one (authorization, the admin dialog) picking a suggestion would replace what was
 * submitted, so there the name is a plain field.
 */
export function LmaInformationFields({
  allowNameChange,
  nameIsSearch,
}: {
  allowNameChange: boolean
  nameIsSearch: boolean
}) {
  const form = useForm<Enrollment>()
  const nameChanged = useFormValue('lma.nameChanged')
  const brand = useBrand()
  const suggest = useCallback(
    (text: string, signal: AbortSignal) => suggestLmas(text, brand.key, signal),
    [brand.key],
  )
  return (
    <>
      <div className="field-grid">
        {nameIsSearch ? (
          <ComboboxField
            path="lma.name"
            label="LMA Name"
            required
            hint="Type more than 2 characters to find last year's enrollment and fill in the form."
            suggest={suggest}
            onSelect={(suggestion) => form.update((values) => fillFromLookup(values, suggestion))}
          />
        ) : (
          <TextField path="lma.name" label="LMA Name" required />
        )}
        <TextField path="lma.contact" label="Contact Name" required autoComplete="name" />
      </div>
      {allowNameChange && (
        <CheckboxField path="lma.nameChanged" label="The LMA's name has changed since last year" />
      )}
      {allowNameChange && nameChanged && (
        <div className="field-grid">
          <TextField path="lma.previousName" label="Previous LMA Name" required />
        </div>
      )}
      <div className="field-grid">
        <TextField
          path="lma.address"
          label="Address"
          required
          autoComplete="street-address"
          className="field--wide"
        />
        <TextField path="lma.city" label="City" required autoComplete="address-level2" />
        <SelectField path="lma.state" label="State" required options={STATE_OPTIONS} />
        <TextField
          path="lma.postal"
          label="Zip Code"
          required
          mask="zip"
          autoComplete="postal-code"
        />
        <TextField
          path="lma.emailAddress"
          label="Email Address"
          type="email"
          required
          hint="The invoice is sent to this address."
          autoComplete="email"
        />
        <TextField
          path="lma.phoneNumber"
          label="Phone Number"
          type="tel"
          mask="phone"
          required
          autoComplete="tel"
        />
        <TextField path="lma.agencyName" label="Agency of Record" required />
      </div>
      <ChoiceField path="lma.type" label="LMA Type" required choices={LMA_TYPE_CHOICES} />
    </>
  )
}
