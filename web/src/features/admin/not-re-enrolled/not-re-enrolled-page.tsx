import type { NotReEnrolled } from '@shared/re-enrollment/not-re-enrolled-schema'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useLocation, useSearch } from 'wouter'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { apiUrl } from '../../../lib/api-files'
import { usePageTitle } from '../../../lib/page-title'
import { useAuth } from '../../auth/auth-context'
import { useRegions } from '../../enrollment/api/get-regions'
import {
  getNotReEnrolled,
  type ReEnrollmentFilters,
  reEnrollmentQuery,
} from '../api/re-enrollment-calls'
import { ProgramFilterBar } from '../program-office/program-filter-bar'
import { useProgramFilters } from '../program-office/program-filters'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { useMay, useStaffAccess } from '../staff-access'
import { NotReEnrolledTable } from './not-re-enrolled-table'

/**
 * Last year's approved dealers and LMAs with no enrollment this year, with what they had and how
 * to reach them; exported to Excel, invited to enroll (docs/product.md#not-yet-re-enrolled).
 */
export default function NotReEnrolledPage() {
  usePageTitle('Not Re-enrolled')
  const [program] = useProgramFilters()
  const search = new URLSearchParams(useSearch())
  const [location, navigate] = useLocation()
  const regions = useRegions(true)
  const filters: ReEnrollmentFilters = {
    ...program,
    region: search.get('region') ?? '',
    type: ['Lma', 'Dealer'].includes(search.get('type') ?? '') ? (search.get('type') ?? '') : '',
  }
  const setFilters = (next: ReEnrollmentFilters) =>
    navigate(`${location}?${reEnrollmentQuery(next)}`, { replace: true })
  const { region, type } = filters
  const list = useQuery({
    queryKey: adminKeys.notReEnrolled(filters),
    queryFn: ({ signal }) => getNotReEnrolled(filters, signal),
    placeholderData: keepPreviousData,
  })
  // A regional manager filters among their own regions (the server answers 400 for another).
  const { regionChoices } = useStaffAccess()
  const regionList = (regions.status === 'loaded' ? regions.value : []).filter(
    (item) => regionChoices === undefined || regionChoices.includes(item.name),
  )

  return (
    <>
      <ProgressBar active={list.isFetching} label="Loading the list" />
      <section className="stack" aria-busy={reloading(list)}>
        <ProgramFilterBar
          filters={filters}
          onChange={(next) => setFilters({ ...filters, ...next })}
        >
          <label className="list-filters__select">
            Region
            <select
              className="field__input"
              value={region}
              onChange={(event) => setFilters({ ...filters, region: event.target.value })}
            >
              <option value="">All regions</option>
              {regionList.map((item) => (
                <option key={item.id} value={String(item.id)}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
          <label className="list-filters__select">
            Type
            <select
              className="field__input"
              value={type}
              onChange={(event) => setFilters({ ...filters, type: event.target.value })}
            >
              <option value="">Any</option>
              <option value="Lma">LMA</option>
              <option value="Dealer">Dealer</option>
            </select>
          </label>
          <ExportButton query={reEnrollmentQuery(filters)} />
        </ProgramFilterBar>
        <QueryView query={list} failed="The list could not be loaded.">
          {(answer) => (
            <Results
              key={reEnrollmentQuery(filters)}
              year={answer.year}
              invitable={answer.invitable}
              items={answer.items}
              regionName={(id) => regionList.find((item) => item.id === id)?.name ?? ''}
            />
          )}
        </QueryView>
      </section>
    </>
  )
}

function Results({
  year,
  invitable,
  items,
  regionName,
}: {
  year: number
  invitable: boolean
  items: NotReEnrolled[]
  regionName(id: number | null): string
}) {
  const dealers = items.filter((item) => item.type === 'Dealer').length
  // Invitations go out for the enrollment year, by a role that may change things.
  const mayInvite = useMay('change')
  return (
    <>
      <p className="not-re-enrolled__summary" aria-live="polite">
        {items.length === 0
          ? `Every approved ${year - 1} dealer and LMA shown here has enrolled for ${year}.`
          : `${items.length} approved ${year - 1} enrollments have not enrolled for ${year}: ${dealers} dealers, ${items.length - dealers} LMAs.`}
        {!invitable && ` Invitations go out only for the enrollment year.`}
      </p>
      {items.length > 0 && (
        <NotReEnrolledTable
          items={items}
          invitable={invitable && mayInvite}
          regionName={regionName}
        />
      )}
    </>
  )
}

/** Downloads the list as filtered: a form post carrying the ID token, as the Reports menu does. */
function ExportButton({ query }: { query: string }) {
  const { user } = useAuth()
  return (
    <form
      method="post"
      action={apiUrl('POST /api/reports/not-re-enrolled', { query: new URLSearchParams(query) })}
      className="list-filters__action"
    >
      <input type="hidden" name="bearer_token" value={user?.idToken ?? ''} />
      <button type="submit" className="button button--small">
        Export to Excel
      </button>
    </form>
  )
}
