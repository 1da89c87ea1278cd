import { DRAFT_LIFETIME_DAYS } from '@shared/enrollment/draft'
import type { OpenedDraft } from '@shared/enrollment/draft-schema'
import { formatDate } from '@shared/format/date-text'
import { Link } from 'wouter'
import { usePageTitle } from '../../../lib/page-title'
import { ProgramOfficeContact } from '../../config/program-office-contact'

/** Over a form opened from its link: when it was saved and until when the link works. */
export function DraftRestored({ opened }: { opened: OpenedDraft }) {
  return (
    <div className="banner banner--info" role="status">
      <p className="banner__title">Saved form restored</p>
      <p>
        This form was saved on {formatDate(opened.savedAt)}. Complete it and click Submit, or save
        it again: the link we emailed to {opened.email} opens it until{' '}
        {formatDate(opened.expiresAt)}.
      </p>
    </div>
  )
}

/**
 * The page a draft link shows when it opens nothing (cut short, unknown, expired, submitted, or
 * of another brand or form), or could not be loaded: never a blank form in its place.
 */
export function DraftLinkProblem({
  problem,
  formName,
  formPath,
}: {
  problem: { kind: 'unknown' } | { kind: 'unavailable'; retry(): void }
  /** 'LMA Enrollment Form' or 'Dealer Enrollment Form'. */
  formName: string
  /** The blank form's address, relative to the enrollment pages ('/lma'). */
  formPath: string
}) {
  usePageTitle(problem.kind === 'unknown' ? 'Saved Form Not Found' : 'Saved Form Not Loaded')
  const contact = <ProgramOfficeContact />
  if (problem.kind === 'unavailable') {
    return (
      <section className="stack">
        <p>
          The saved form could not be loaded just now. Please try again; if it keeps failing,
          contact the program office at {contact}.
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={problem.retry}>
            Try Again
          </button>
        </p>
      </section>
    )
  }
  return (
    <section className="stack">
      <p>
        This link to a saved form is not valid. It may have been cut short when it was copied, it
        may have expired (saved forms are kept for {DRAFT_LIFETIME_DAYS} days), or the form may have
        been submitted already.
      </p>
      <p>
        You can <Link href={formPath}>start a new {formName}</Link>
        {', '}or contact the program office at {contact}.
      </p>
    </section>
  )
}
