import type { Enrollment } from '@shared/enrollment/enrollment'
import { enrollmentDeadlineText } from '@shared/enrollment/program-dates'
import type { ReactNode } from 'react'
import type { FormState } from '../../../components/form/form-state'
import { useConfig } from '../../config/config-context'
import { EnrollmentForm } from '../components/enrollment-form'
import { FormSection } from '../components/form-section'
import { RegionField } from '../components/region-field'
import {
  AuthorizationFields,
  DealerAgreementFields,
  DealerInformationFields,
} from './dealer-fields'

export interface DealerFormProps {
  form: FormState<Enrollment>
  mode: 'new' | 'edit'
  onSubmit(values: Enrollment, intent: string): Promise<void>
  beforeSubmit?: () => Promise<boolean>
  actions?: ReactNode
  /** The regions the Region field offers, by name (a regional manager's); every region without. */
  regionNames?: readonly string[] | undefined
}

/** The Dealer Enrollment Form: Dealer Information, Dealer Agreement, Authorization. */
export function DealerForm({
  form,
  mode,
  onSubmit,
  beforeSubmit,
  actions,
  regionNames,
}: DealerFormProps) {
  const { enrollmentYear, surveyUrl, programCalendar } = useConfig()
  const year = form.values.year || enrollmentYear
  return (
    <EnrollmentForm
      form={form}
      mode={mode}
      submitLabel={mode === 'edit' ? 'Save Changes' : 'Submit'}
      onSubmit={onSubmit}
      beforeSubmit={beforeSubmit}
      actions={actions}
      statement={
        // The dealer's own words; an administrator editing the enrollment authorizes nothing.
        mode === 'new' && (
          <p>
            By submitting this form, you authorize the enrollment of this dealership in the {year}{' '}
            Dealer Funded POS Program and agree to be billed as selected above.
          </p>
        )
      }
    >
      {mode === 'new' && !form.readOnly && (
        <div className="banner banner--warning">
          <p className="banner__title">
            Enrollment Deadline: {enrollmentDeadlineText(year, programCalendar)}
          </p>
          <p>
            Questions or feedback about enrolling? <a href={surveyUrl}>Take our short survey</a>.
          </p>
        </div>
      )}
      <FormSection title="Dealer Information">
        {(mode === 'edit' || form.values.status !== '') && <RegionField only={regionNames} />}
        <DealerInformationFields bacIsSearch={mode === 'new'} />
      </FormSection>
      <FormSection title="Dealer Agreement">
        {mode === 'new' && (
          <p>
            The Dealer Funded POS Program supplies kits of posters, hang-tags and other
            point-of-sale materials for at least five sales events over 12 months. Enrolled dealers
            are automatically re-enrolled in future years unless they opt out in writing.
          </p>
        )}
        <DealerAgreementFields />
      </FormSection>
      <FormSection title="Authorization">
        <p>The person authorizing this enrollment for the dealership:</p>
        <AuthorizationFields prefix="dealers[0]" />
      </FormSection>
    </EnrollmentForm>
  )
}
