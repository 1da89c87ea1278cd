import { MailLink } from '../../../components/ui/contact-links'
import { useConfig } from '../../../features/config/config-context'
import { LostMailLink } from '../../../features/enrollment/lost-mail-link'
import { usePageTitle } from '../../../lib/page-title'

export function Duplicate() {
  usePageTitle('Enrollment Already Received')
  const { support, enrollmentYear } = useConfig()
  return (
    <section className="stack">
      <p className="lead">
        We already have a {enrollmentYear} enrollment for this dealer or association, so there is
        nothing more to do.
      </p>
      <p>
        To change it, contact us at <MailLink email={support.email} />.
      </p>
      <LostMailLink />
    </section>
  )
}
