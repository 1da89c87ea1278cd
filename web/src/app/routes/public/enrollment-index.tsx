import { enrollmentDeadlineText } from '@shared/enrollment/program-dates'
import { Link } from 'wouter'
import { useConfig } from '../../../features/config/config-context'
import { LostMailLink } from '../../../features/enrollment/lost-mail-link'
import { usePageTitle } from '../../../lib/page-title'

export function EnrollmentIndex() {
  usePageTitle('Dealer Enrollment')
  const { enrollmentOpen, enrollmentYear, programCalendar } = useConfig()
  if (!enrollmentOpen) {
    return (
      <section className="stack">
        <p className="lead">The {enrollmentYear} enrollment period has ended.</p>
        <LostMailLink />
      </section>
    )
  }
  return (
    <section className="stack">
      <p className="lead">Enrollment in the {enrollmentYear} Dealer Funded POS Program is open.</p>
      <p className="banner banner--info">
        Enrollment Deadline: {enrollmentDeadlineText(enrollmentYear, programCalendar)}
      </p>
      <ul className="choice-list">
        <li>
          <Link className="choice-card" href="/dealer">
            <span className="choice-card__title">Dealer Enrollment Form</span>
            <span className="choice-card__text">Enroll a single dealership.</span>
          </Link>
        </li>
        <li>
          <Link className="choice-card" href="/lma">
            <span className="choice-card__title">LMA Enrollment Form</span>
            <span className="choice-card__text">
              Enroll a local marketing association and its participating dealers.
            </span>
          </Link>
        </li>
      </ul>
      <LostMailLink />
    </section>
  )
}
