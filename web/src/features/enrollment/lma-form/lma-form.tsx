import type { Enrollment } from '@shared/enrollment/enrollment'
import type {
  EnrollmentAuthorization,
  EnrollmentSentBack,
} from '@shared/enrollment/enrollment-authorization'
import { enrollmentDeadlineText } from '@shared/enrollment/program-dates'
import { formatDate } from '@shared/format/date-text'
import { sentBackWords } from '@shared/format/sent-back-words'
import { PAYMENT_DUE_SENTENCE } from '@shared/invoice/invoice'
import type { ReactNode } from 'react'
import { type FormState, useFormSnapshot } from '../../../components/form/form-state'
import { useConfig } from '../../config/config-context'
import { EnrollmentForm } from '../components/enrollment-form'
import { FormSection } from '../components/form-section'
import { RegionField } from '../components/region-field'
import { AuthorizationFields } from '../dealer-form/dealer-fields'
import { DealerTable } from './dealer-table'
import { LmaInformationFields } from './lma-fields'

export interface LmaFormProps {
  form: FormState<Enrollment>
  /** new: a public submission; authorize: the representative's review; edit: an administrator. */
  mode: 'new' | 'authorize' | 'edit'
  onSubmit(values: Enrollment, intent: string): Promise<void>
  beforeSubmit?: () => Promise<boolean>
  actions?: ReactNode
  /** When and by whom the representative authorized it, while that authorization stands. */
  authorized?: EnrollmentAuthorization | null
  /** When and why the program office sent it back, while it waits for authorization. */
  sentBack?: EnrollmentSentBack | null
  /** The regions the Region field offers, by name (a regional manager's); every region without. */
  regionNames?: readonly string[] | undefined
}

const SUBMIT_LABELS = { new: 'Submit', authorize: 'Authorize', edit: 'Save Changes' }

/** The LMA Enrollment Form: LMA Information, LMA Agreement / Authorization, Participating Dealers. */
export function LmaForm({
  form,
  mode,
  onSubmit,
  beforeSubmit,
  actions,
  authorized,
  sentBack,
  regionNames,
}: LmaFormProps) {
  const { enrollmentYear, surveyUrl, programCalendar } = useConfig()
  const year = useFormSnapshot(form, (state) => state.values.year) || enrollmentYear
  const status = useFormSnapshot(form, (state) => state.values.status)
  const readOnly = useFormSnapshot(form, (state) => state.readOnly)
  const approved = status === 'Approved'
  const hasStatus = status !== ''
  return (
    <EnrollmentForm
      form={form}
      mode={mode === 'new' ? 'new' : 'edit'}
      submitLabel={SUBMIT_LABELS[mode]}
      onSubmit={onSubmit}
      beforeSubmit={beforeSubmit}
      actions={actions}
    >
      {approved && mode !== 'edit' && (
        <div className="banner banner--success" role="status">
          <p className="banner__title">Enrollment Approved</p>
          <p>This enrollment has been approved. No further changes can be made.</p>
          <AuthorizedOn authorized={authorized} />
        </div>
      )}
      {mode === 'authorize' && (
        <div className="banner banner--info">
          <p className="banner__title">Authorization Requested</p>
          <p>
            A contact from your agency has submitted this enrollment on behalf of your LMA, and you
            are listed as its authorized representative. Please review the enrollment, make any
            changes it needs, then scroll down and click Authorize.
          </p>
          <SentBackOn sentBack={sentBack} />
          <AuthorizedOn authorized={authorized} />
        </div>
      )}
      {mode === 'new' && !readOnly && (
        <div className="banner banner--warning">
          <p className="banner__title">
            Enrollment Deadline: {enrollmentDeadlineText(year, programCalendar)}
          </p>
          <p>
            Questions or feedback about enrolling? <a href={surveyUrl}>Take our short survey</a>.
          </p>
        </div>
      )}
      <FormSection title="LMA Information">
        {(mode !== 'new' || hasStatus) && <RegionField only={regionNames} />}
        <LmaInformationFields
          allowNameChange={mode !== 'edit'}
          nameIsSearch={mode === 'new' && !hasStatus}
        />
      </FormSection>
      <FormSection title="LMA Agreement / Authorization">
        {mode !== 'edit' && (
          <p>
            The LMA agrees to pay for the kits of its participating dealers listed below for the{' '}
            {year} Dealer Funded POS Program. {PAYMENT_DUE_SENTENCE} When this form is submitted,
            the authorized representative named below receives an email requesting final approval.
          </p>
        )}
        <AuthorizationFields prefix="lma" />
      </FormSection>
      <FormSection title="Participating Dealers">
        <DealerTable />
      </FormSection>
    </EnrollmentForm>
  )
}

/**
 * Sent back by the program office: when, and its reason as a line, in the words the status page
 * and the mail say them (sentBackWords; docs/product.md#authorization-view).
 */
function SentBackOn({ sentBack }: { sentBack: EnrollmentSentBack | null | undefined }) {
  if (!sentBack) return null
  const words = sentBackWords(sentBack)
  return (
    <p className="banner__sent-back">
      {words.line}
      {words.reason && (
        <>
          <br />
          {words.reason}
        </>
      )}
    </p>
  )
}

/** Reopened after authorizing: when and by whom (docs/product.md#authorization-view). */
function AuthorizedOn({ authorized }: { authorized: EnrollmentAuthorization | null | undefined }) {
  if (!authorized) return null
  return (
    <p>
      Authorized on {formatDate(authorized.at)} by {authorized.by}.
    </p>
  )
}
