import { emptyLmaDealerRow } from '@shared/enrollment/empty-enrollment'
import type { Enrollment, LmaLookupResult } from '@shared/enrollment/enrollment'
import type { LmaField } from '@shared/enrollment/lma-record-fields'
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
import { type FieldInputs, inputOf } from '../components/field-inputs'
import { AUTHORIZATION_INPUTS } from '../dealer-form/dealer-fields'

/**
 * The LMA form's input of each described field of the LMA record (see FieldInputs); the
 * authorizing person's are AuthorizationFields'. The name-changed box and the previous name are
 * not in edit mode (docs/product.md#lma-form).
 */
export const LMA_FORM_INPUTS = {
  name: 'LMA Name',
  contact: 'Contact Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  postal: 'Zip Code',
  // On no form: blank means USA (docs/product.md#lma-record).
  country: null,
  previousName: 'Previous LMA Name',
  nameChanged: "The LMA's name has changed since last year",
  emailAddress: 'Email Address',
  phoneNumber: 'Phone Number',
  agencyName: 'Agency of Record',
  type: 'LMA Type',
  ...AUTHORIZATION_INPUTS,
} as const satisfies FieldInputs<LmaField>

const input = inputOf('lma', LMA_FORM_INPUTS)

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
            {...input('name')}
            required
            hint="Type more than 2 characters to find last year's enrollment and fill in the form."
            suggest={suggest}
            onSelect={(suggestion) => form.update((values) => fillFromLookup(values, suggestion))}
          />
        ) : (
          <TextField {...input('name')} required />
        )}
        <TextField {...input('contact')} required autoComplete="name" />
      </div>
      {allowNameChange && <CheckboxField {...input('nameChanged')} />}
      {allowNameChange && nameChanged && (
        <div className="field-grid">
          <TextField {...input('previousName')} required />
        </div>
      )}
      <div className="field-grid">
        <TextField
          {...input('address')}
          required
          autoComplete="street-address"
          className="field--wide"
        />
        <TextField {...input('city')} required autoComplete="address-level2" />
        <SelectField {...input('state')} required options={STATE_OPTIONS} />
        <TextField {...input('postal')} required mask="zip" autoComplete="postal-code" />
        <TextField
          {...input('emailAddress')}
          type="email"
          required
          hint="The invoice is sent to this address."
          autoComplete="email"
        />
        <TextField {...input('phoneNumber')} type="tel" mask="phone" required autoComplete="tel" />
        <TextField {...input('agencyName')} required />
      </div>
      <ChoiceField {...input('type')} required choices={LMA_TYPE_CHOICES} />
    </>
  )
}
