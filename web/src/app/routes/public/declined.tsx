import { useConfig } from '../../../features/config/config-context'
import { LostMailLink } from '../../../features/enrollment/lost-mail-link'
import { SubmissionReference } from '../../../features/enrollment/submission-reference-note'
import { usePageTitle } from '../../../lib/page-title'

export function Declined() {
  usePageTitle('Enrollment Declined')
  const { enrollmentYear } = useConfig()
  return (
    <section className="stack">
      <p className="lead">
        You have been opted out of the {enrollmentYear} Dealer Funded POS Program.
      </p>
      <p>No kits will be shipped and you will not be billed for {enrollmentYear}.</p>
      <SubmissionReference />
      <LostMailLink />
    </section>
  )
}
