import type { Dashboard } from '@shared/dashboard/dashboard-schema'
import { FIGURE_LINKS } from '@shared/dashboard/figure-filters'
import type { WaitingFilter } from '@shared/enrollment/list-figure-filters'
import { formatDate } from '@shared/format/date-text'
import { formatDollars } from '@shared/format/money-text'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { Link } from 'wouter'
import { PleaseWait } from '../../../components/ui/please-wait'
import { ProgressBar } from '../../../components/ui/progress-bar'
import { usePageTitle } from '../../../lib/page-title'
import { getDashboard } from '../api/dashboard-calls'
import { listHref } from '../program-office/list-link'
import { ProgramFilterBar } from '../program-office/program-filter-bar'
import { type ProgramFilters, useProgramFilters } from '../program-office/program-filters'
import { adminKeys } from '../query/admin-keys'
import { QueryView, reloading } from '../query/query-view'
import { FigureCard } from './figure-card'
import { KitsTable } from './kits-table'
import { ShippingFigures } from './shipping-figures'

// The chart library loads when the dashboard is opened, not with the rest of the admin area.
const DashboardCharts = lazy(() => import('./dashboard-charts'))

/** The cards beside the status and type counts, and the money: each opens its list (FIGURE_LINKS). */
const COUNTS = [
  ['Dealers covered', 'dealersCovered'],
  ['Kits ordered', 'kitsOrdered'],
] as const
const MONEY = [
  ['Amount invoiced', 'invoiced'],
  ['Amount pending approval', 'pendingApproval'],
  ['Paid', 'paid'],
  ['Unpaid, not yet due', 'unpaid'],
  ['Overdue', 'overdue'],
] as const

/**
 * How the year is going, beside last year at the same day of its program
 * (docs/product.md#dashboard). Another year or brand keeps the figures shown on screen, marked
 * busy, until its own come; an action elsewhere in the admin area makes them load again.
 */
export default function DashboardPage() {
  usePageTitle('Dashboard')
  const [filters, setFilters] = useProgramFilters()
  const { year, brand } = filters
  const dashboard = useQuery({
    queryKey: adminKeys.dashboard({ year, brand }),
    queryFn: ({ signal }) => getDashboard({ year, brand }, signal),
    placeholderData: keepPreviousData,
  })
  // The links of the figures shown open the list of the year and brand they count.
  const shown = dashboard.data
    ? { year: dashboard.data.year, brand: dashboard.data.brand ?? '' }
    : filters
  return (
    <>
      <ProgressBar active={dashboard.isFetching} label="Loading the dashboard" />
      <section className="stack dashboard" aria-busy={reloading(dashboard)}>
        <ProgramFilterBar filters={filters} onChange={setFilters} />
        <QueryView query={dashboard} failed="The dashboard could not be loaded.">
          {(data) => <DashboardBody data={data} filters={shown} />}
        </QueryView>
      </section>
    </>
  )
}

function DashboardBody({ data, filters }: { data: Dashboard; filters: ProgramFilters }) {
  const link = (only: Parameters<typeof listHref>[1]) => listHref(filters, only)
  return (
    <>
      <p className="dashboard__intro">{introText(data)}</p>
      <h2 className="dashboard__heading">Enrollments</h2>
      <dl className="figure-grid">
        {data.byStatus.map((entry) => (
          <FigureCard
            key={entry.status}
            label={entry.status}
            figure={entry}
            href={link(FIGURE_LINKS.status(entry.status).filter)}
          />
        ))}
        {data.byType.map((entry) => (
          <FigureCard
            key={entry.type}
            label={entry.type === 'Lma' ? 'LMA enrollments' : 'Dealer enrollments'}
            figure={entry}
            href={link(FIGURE_LINKS.type(entry.type).filter)}
          />
        ))}
        {COUNTS.map(([label, key]) => (
          <FigureCard
            key={key}
            label={label}
            figure={data[key]}
            href={link(FIGURE_LINKS[key].filter)}
          />
        ))}
      </dl>
      <h2 className="dashboard__heading">Money</h2>
      <dl className="figure-grid figure-grid--money">
        {MONEY.map(([label, key]) => (
          <FigureCard
            key={key}
            label={label}
            figure={data[key]}
            format={formatDollars}
            href={link(FIGURE_LINKS[key].filter)}
          />
        ))}
      </dl>
      <h2 className="dashboard__heading">Authorizations waiting</h2>
      <dl className="figure-grid">
        {data.waitingAuthorizations.map((entry) => (
          <div className="figure-card" key={entry.days}>
            <dt className="figure-card__label">More than {entry.days} days</dt>
            <dd className="figure-card__value">
              <Link
                href={`~${link(FIGURE_LINKS.waiting(entry.days as WaitingFilter).filter)}`}
                aria-label={`Authorizations waiting more than ${entry.days} days: ${entry.count}, show them in the enrollment list`}
              >
                {entry.count}
              </Link>
            </dd>
          </div>
        ))}
      </dl>
      <h2 className="dashboard__heading">Shipping</h2>
      <ShippingFigures year={data.year} brand={data.brand} events={data.shipping} />
      <h2 className="dashboard__heading">Dealers by kit size and Hispanic option</h2>
      <KitsTable data={data} />
      <h2 className="dashboard__heading">Charts</h2>
      <Suspense fallback={<PleaseWait />}>
        <DashboardCharts data={data} />
      </Suspense>
    </>
  )
}

function introText(data: Dashboard): string {
  const last = data.year - 1
  if (data.dayOfProgram === null) {
    return `The ${data.year} program has not opened yet. Last year's figures are ${last}'s in full.`
  }
  const day = data.programClosed
    ? `The ${data.year} program has closed: day ${data.dayOfProgram} was its last`
    : `Day ${data.dayOfProgram} of the ${data.year} program`
  // The comparison moment is a day of last year's program, by the program's (UTC) calendar.
  const when = data.comparedAt ? formatDate(data.comparedAt, 'UTC') : ''
  return `${day}, compared with ${last} on the same day of its program (${when}).`
}
