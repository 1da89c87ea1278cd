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

const D = 'dealers[0]'

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
          path={`${D}.bac`}
          label="BAC"
          required
          hint="Type more than 2 characters of your Business Associate Code to look it up."
          suggest={suggestDealers}
          onSelect={select}
        />
      ) : (
        <TextField path={`${D}.bac`} label="BAC" required />
      )}
      <TextField path={`${D}.name`} label="Dealer Name" required autoComplete="organization" />
      <TextField
        path={`${D}.address`}
        label="Address"
        required
        autoComplete="street-address"
        className="field--wide"
      />
      <TextField path={`${D}.city`} label="City" required autoComplete="address-level2" />
      <SelectField path={`${D}.state`} label="State" required options={STATE_OPTIONS} />
      <TextField
        path={`${D}.postal`}
        label="Zip Code"
        required
        mask="zip"
        autoComplete="postal-code"
      />
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
        path={`${D}.kitSize`}
        label="Kit Size"
        required={!declining}
        choices={KIT_SIZE_CHOICES}
        disabled={declining}
      />
      <ChoiceField
        path={`${D}.hispanic`}
        label="Hispanic Option"
        required={!declining}
        choices={HISPANIC_CHOICES}
        disabled={declining}
      />
      <ChoiceField
        path={`${D}.billing`}
        label="Billing Preference"
        required
        choices={BILLING_CHOICES}
        onChoose={chooseBilling}
      />
    </>
  )
}

/** The authorizing person's inputs, of the dealer entry (`dealers[0]`) or of the LMA record. */
export function AuthorizationFields({ prefix }: { prefix: typeof D | 'lma' }) {
  return (
    <div className="field-grid">
      <TextField path={`${prefix}.authName`} label="Full Name" required autoComplete="name" />
      <TextField
        path={`${prefix}.authTitle`}
        label="Title"
        required
        autoComplete="organization-title"
      />
      <TextField
        path={`${prefix}.authEmailAddress`}
        label="Email"
        type="email"
        required
        autoComplete="email"
      />
      <TextField
        path={`${prefix}.authPhoneNumber`}
        label="Phone Number"
        type="tel"
        mask="phone"
        required
        autoComplete="tel"
      />
      <TextField path={`${prefix}.authFaxNumber`} label="Fax Number" type="tel" mask="phone" />
    </div>
  )
}
