import { ProgramOfficeContact } from '../../../features/config/program-office-contact'
import { usePageTitle } from '../../../lib/page-title'

/** Why an authorization link (`/lma?auth={id}`) cannot open an enrollment to authorize. */
export type LinkProblem =
  | { kind: 'unknown' }
  | { kind: 'dealer' }
  | { kind: 'declined'; lmaName: string; year: number }
  | { kind: 'unavailable'; retry(): void }

const TITLES: Record<LinkProblem['kind'], string> = {
  unknown: 'Link Not Valid',
  dealer: 'Link Not Valid',
  declined: 'Enrollment Declined',
  unavailable: 'Enrollment Not Loaded',
}

/**
 * The page an authorization link shows instead of the form when it cannot be used: what happened
 * and whom to contact (docs/product.md#authorization-view). Its title is the page's heading.
 */
export function AuthorizationLinkProblem({ problem }: { problem: LinkProblem }) {
  const title = TITLES[problem.kind]
  usePageTitle(title)
  const contact = <ProgramOfficeContact />
  return (
    <section className="stack">
      {problem.kind === 'unknown' && (
        <p>
          This authorization link does not lead to an enrollment. It may have been cut short when it
          was copied, or the enrollment may have been withdrawn. Please open the link from the email
          again, or contact the program office at {contact}.
        </p>
      )}
      {problem.kind === 'dealer' && (
        <p>
          This link leads to a dealer enrollment, which needs no authorization by an LMA
          representative. If you expected to authorize an LMA enrollment, please contact the program
          office at {contact}.
        </p>
      )}
      {problem.kind === 'declined' && (
        <p>
          The {problem.year} enrollment for {problem.lmaName} has been declined by the program
          office, so it can no longer be authorized. If you think this is a mistake, please contact
          the program office at {contact}.
        </p>
      )}
      {problem.kind === 'unavailable' && (
        <>
          <p>
            The enrollment could not be loaded just now. Please try again; if it keeps failing,
            contact the program office at {contact}.
          </p>
          <p>
            <button type="button" className="button button--primary" onClick={problem.retry}>
              Try Again
            </button>
          </p>
        </>
      )}
    </section>
  )
}
