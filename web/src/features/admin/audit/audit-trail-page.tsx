import type { AuditEntry } from '@shared/audit/audit-schema'
import { auditActionText, auditFiltersText } from '@shared/audit/audit-words'
import { formatDateTime } from '@shared/format/date-text'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { YearStepper } from '../../../components/ui/year-stepper'
import { apiUrl } from '../../../lib/api-files'
import { usePageTitle } from '../../../lib/page-title'
import { useAuth } from '../../auth/auth-context'
import { getAuditTrail } from '../api/audit-calls'
import { useProgramFilters } from '../program-office/program-filters'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'

/**
 * The audit trail of a year (docs/product.md#audit-trail): every export and report download, bulk
 * action, batch of invitations and payment change, newest first; exported to Excel.
 */
export default function AuditTrailPage() {
  usePageTitle('Audit Trail')
  const [filters, setFilters] = useProgramFilters()
  const { year } = filters
  const trail = useQuery({
    queryKey: adminKeys.auditTrail(year),
    queryFn: ({ signal }) => getAuditTrail(year, signal),
    placeholderData: keepPreviousData,
  })
  return (
    <>
      <ProgressBar active={trail.isFetching} label="Loading the audit trail" />
      <section className="stack" aria-busy={reloading(trail)}>
        <div className="list-filters">
          <YearStepper year={year} onChange={(next) => setFilters({ ...filters, year: next })} />
          <ExportButton year={year} />
        </div>
        <QueryView query={trail} failed="The audit trail could not be loaded.">
          {(answer) =>
            answer.entries.length === 0 ? (
              <p>Nothing was exported, changed in bulk, invited or paid in {answer.year}.</p>
            ) : (
              <AuditTable entries={answer.entries} />
            )
          }
        </QueryView>
      </section>
    </>
  )
}

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="list-table-frame">
      <table className="data-table audit-table">
        <caption className="visually-hidden">Audit trail</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            <th scope="col">Filters</th>
            <th scope="col">Rows</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label="When">{formatDateTime(entry.at)}</td>
              <td data-label="Who">{entry.actor}</td>
              <th scope="row">{auditActionText(entry)}</th>
              <td data-label="Filters">{auditFiltersText(entry.filters)}</td>
              <td data-label="Rows" className="audit-table__rows">
                {entry.rows}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** Downloads the year's trail: a form post carrying the ID token, as the Reports menu does. */
function ExportButton({ year }: { year: number }) {
  const { user } = useAuth()
  return (
    <form
      method="post"
      action={apiUrl('POST /api/reports/audit/{year}', { params: { year } })}
      className="list-filters__action"
    >
      <input type="hidden" name="bearer_token" value={user?.idToken ?? ''} />
      <button type="submit" className="button button--small">
        Export to Excel
      </button>
    </form>
  )
}
