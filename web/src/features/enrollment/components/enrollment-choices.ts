import { US_STATES } from '@shared/domain/enrollment-choices'
import { KIT_PRICES_CENTS } from '@shared/enrollment/pricing'
import { formatMoney } from '@shared/format/money-text'
import type { Choice } from '../../../components/form/choice-field'
import type { SelectOption } from '../../../components/form/select-field'

export const KIT_SIZE_CHOICES: Choice[] = [
  {
    value: 'Small',
    label: 'Small',
    description: `${formatMoney(KIT_PRICES_CENTS.Small)}/year: retail planning guide of less than 450 units`,
  },
  {
    value: 'Large',
    label: 'Large',
    description: `${formatMoney(KIT_PRICES_CENTS.Large)}/year: retail planning guide of more than 450 units`,
  },
]

export const HISPANIC_CHOICES: Choice[] = [
  {
    value: 'Yes',
    label: 'Yes',
    description: `Send Hispanic kits also: adds ${formatMoney(KIT_PRICES_CENTS.HispanicAddOn)}/year per kit`,
  },
  { value: 'No', label: 'No', description: 'No Hispanic kits needed' },
  { value: 'Only', label: 'Only', description: 'Send only Hispanic kits' },
]

export const BILLING_CHOICES: Choice[] = [
  {
    value: 'ImrFunds',
    label: 'iMR Funds',
    description:
      'Use iMR account funds, eligible for a manufacturer match: charged to your Open Parts account and refunded later as a credit',
  },
  { value: 'OpenParts', label: 'Open Parts', description: 'Billed to your Open Parts account' },
  { value: 'None', label: 'None', description: 'Decline to participate this year' },
]

export const LMA_TYPE_CHOICES: Choice[] = [
  { value: 'Turnkey', label: 'Turnkey' },
  { value: 'Custom', label: 'Custom' },
]

export const STATE_OPTIONS: SelectOption[] = US_STATES.map((code) => ({ value: code, label: code }))

export const KIT_SIZE_OPTIONS: SelectOption[] = [
  { value: 'Large', label: 'Large' },
  { value: 'Small', label: 'Small' },
]

export const HISPANIC_OPTIONS: SelectOption[] = [
  { value: 'No', label: 'No' },
  { value: 'Yes', label: 'Yes' },
  { value: 'Only', label: 'Only' },
]
