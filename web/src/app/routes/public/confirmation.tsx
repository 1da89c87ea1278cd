import { useConfig } from '../../../features/config/config-context'
import { LostMailLink } from '../../../features/enrollment/lost-mail-link'
import { SubmissionReference } from '../../../features/enrollment/submission-reference-note'
import { usePageTitle } from '../../../lib/page-title'

export function Confirmation() {
  usePageTitle('Thank You')
  const { surveyUrl } = useConfig()
  return (
    <section className="stack">
      <p className="lead">Thank you! Your enrollment request has been submitted for review.</p>
      <p>You will receive a confirmation email once your enrollment has been accepted.</p>
      <SubmissionReference />
      <p>
        If there are any issues with your enrollment, we will follow up using the contact details
        you supplied.
      </p>
      <p>
        Please take a moment to <a href={surveyUrl}>tell us about your enrollment experience</a>.
      </p>
      <LostMailLink />
    </section>
  )
}
