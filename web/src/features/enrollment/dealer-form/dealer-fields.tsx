import type { DealerField } from '@shared/enrollment/dealer-entry-fields'
import type { DealerEntry, Enrollment } from '@shared/enrollment/enrollment'
import { ChoiceField } from '../../../components/form/choice-field'
import { ComboboxField, type Suggestion } from '../../../components/form/combobox-field'
import { useForm, useFormValue } from '../../../components/form/form-state'
import { SelectField } from '../../../components/form/select-field'
import { TextField } from '../../../components/form/text-field'
import { type DealerDetail, suggestDealers } from '../api/suggest-dealers'
import {
  BILLING_CHOICES,
  HISPANIC_CHOICES,
  KIT_SIZE_CHOICES,
  STATE_OPTIONS,
} from '../components/enrollment-choices'
import { type FieldInputs, inputOf } from '../components/field-inputs'

/** The person authorizing: the same inputs for a dealer entry and for the LMA record. */
export const AUTHORIZATION_INPUTS = {
  authName: 'Full Name',
  authTitle: 'Title',
  authEmailAddress: 'Email',
  authPhoneNumber: 'Phone Number',
  authFaxNumber: 'Fax Number',
} as const

/** The dealer form's input of each described field of its dealer entry (see FieldInputs). */
export const DEALER_FORM_INPUTS = {
  bac: 'BAC',
  name: 'Dealer Name',
  address: 'Address',
  city: 'City',
  state: 'State',
  postal: 'Zip Code',
  // On no form: blank means USA (docs/product.md#lma-record).
  country: null,
  ...AUTHORIZATION_INPUTS,
  kitSize: 'Kit Size',
  hispanic: 'Hispanic Option',
  billing: 'Billing Preference',
} as const satisfies FieldInputs<DealerField>

const D = 'dealers[0]'
const input = inputOf(D, DEALER_FORM_INPUTS)

/**
 * `bacIsSearch`: on the public form the BAC also looks the dealer up; in the admin dialog a
 * suggestion would replace what was submitted, so there the BAC is a plain field.
 */
export function DealerInformationFields({ bacIsSearch = true }: { bacIsSearch?: boolean }) {
  const form = useForm<Enrollment>()
  const select = ({ detail }: Suggestion<DealerDetail>) => {
    const { regionId, ...entry } = detail
    form.update((values) => {
      const current = values.dealers[0]
      const filled: DealerEntry = {
        ...(current as DealerEntry),
        ...entry,
        billing: current?.billing ?? '',
      }
      return {
        ...values,
        regionId: values.regionId ?? regionId,
        dealers: [filled, ...values.dealers.slice(1)],
      }
    })
  }
  return (
    <div className="field-grid">
      {bacIsSearch ? (
        <ComboboxField
          {...input('bac')}
          required
          hint="Type more than 2 characters of your Business Associate Code to look it up."
          suggest={suggestDealers}
          onSelect={select}
        />
      ) : (
        <TextField {...input('bac')} required />
      )}
      <TextField {...input('name')} required autoComplete="organization" />
      <TextField
        {...input('address')}
        required
        autoComplete="street-address"
        className="field--wide"
      />
      <TextField {...input('city')} required autoComplete="address-level2" />
      <SelectField {...input('state')} required options={STATE_OPTIONS} />
      <TextField {...input('postal')} required mask="zip" autoComplete="postal-code" />
    </div>
  )
}

export function DealerAgreementFields() {
  const form = useForm<Enrollment>()
  const declining = useFormValue(`${D}.billing`) === 'None'
  const chooseBilling = (billing: string) => {
    form.update((values) => {
      const [dealer, ...rest] = values.dealers
      if (!dealer) return values
      const none = billing === 'None'
      const wasNone = dealer.billing === 'None'
      const next: DealerEntry = {
        ...dealer,
        billing: billing as DealerEntry['billing'],
        kitSize: none ? 'None' : wasNone ? '' : dealer.kitSize,
        hispanic: none ? 'None' : wasNone ? '' : dealer.hispanic,
      }
      return { ...values, dealers: [next, ...rest] }
    })
  }
  return (
    <>
      <ChoiceField
        {...input('kitSize')}
        required={!declining}
        choices={KIT_SIZE_CHOICES}
        disabled={declining}
      />
      <ChoiceField
        {...input('hispanic')}
        required={!declining}
        choices={HISPANIC_CHOICES}
        disabled={declining}
      />
      <ChoiceField
        {...input('billing')}
        required
        choices={BILLING_CHOICES}
        onChoose={chooseBilling}
      />
    </>
  )
}

/** The authorizing person's inputs of the dealer entry (`dealers[0]`) or the LMA record. */
export function AuthorizationFields({ prefix }: { prefix: typeof D | 'lma' }) {
  const input = inputOf(prefix, AUTHORIZATION_INPUTS)
  return (
    <div className="field-grid">
      <TextField {...input('authName')} required autoComplete="name" />
      <TextField {...input('authTitle')} required autoComplete="organization-title" />
      <TextField {...input('authEmailAddress')} type="email" required autoComplete="email" />
      <TextField
        {...input('authPhoneNumber')}
        type="tel"
        mask="phone"
        required
        autoComplete="tel"
      />
      <TextField {...input('authFaxNumber')} type="tel" mask="phone" />
    </div>
  )
}
