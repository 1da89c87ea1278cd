import { Link } from 'wouter'
import { usePageTitle } from '../../lib/page-title'
import { ProgramOfficeContact } from '../config/program-office-contact'

/** Why a status link shows no status: it opens nothing, or the page could not be loaded. */
export type StatusLinkProblem = { kind: 'not-valid' } | { kind: 'unavailable'; retry(): void }

/**
 * The page a status link shows when it opens nothing (unknown, expired, replaced, or its
 * enrollment deleted: the server answers all alike) or could not be loaded: never a form, never
 * another enrollment. Says whom to contact and where to ask for the links again.
 */
export function StatusLinkProblemPage({ problem }: { problem: StatusLinkProblem }) {
  usePageTitle(problem.kind === 'not-valid' ? 'Link Not Valid' : 'Status Not Loaded')
  if (problem.kind === 'unavailable') {
    return (
      <section className="stack">
        <p>
          The status of the enrollment could not be loaded just now. Please try again; if it keeps
          failing, contact the program office at <ProgramOfficeContact />.
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
      <p className="lead">This status link is not valid.</p>
      <p>
        It may have expired, been replaced by a newer one, or been cut short when it was copied. You
        can <Link href="/status">ask for the links again</Link>, or contact the program office at{' '}
        <ProgramOfficeContact />.
      </p>
    </section>
  )
}
