import type { Dashboard } from '@shared/dashboard/dashboard-schema'
import { formatCount } from '@shared/format/number-text'
import type { ChartConfiguration } from 'chart.js'
import { useMemo } from 'react'
import { ChartFigure } from './chart-figure'

const THIS_YEAR = '#0b5cad'
const LAST_YEAR = '#6b7785'
const STATUS_COLORS: Record<string, string> = {
  Approved: '#1e6b3a',
  Approving: '#0b5cad',
  Authorizing: '#9a6200',
  Declined: '#b3261e',
}

const yAxis = { beginAtZero: true, ticks: { precision: 0 } }

/** Submissions per week against last year, the status mix, kits by region. */
export default function DashboardCharts({ data }: { data: Dashboard }) {
  const { year } = data
  const charts = useMemo(() => chartConfigs(data), [data])
  const thisYear = String(year)
  const lastYear = String(year - 1)
  const busiest = data.weekly.reduce(
    (best, entry) => (entry.current > (best?.current ?? -1) ? entry : best),
    data.weekly[0],
  )
  const total = (key: 'current' | 'previous') =>
    data.weekly.reduce((sum, entry) => sum + entry[key], 0)
  return (
    <div className="dashboard__charts">
      <ChartFigure
        title="Submissions per week"
        summary={`${formatCount(total('current'))} submissions in ${thisYear} over ${data.weekly.length} weeks${busiest && busiest.current > 0 ? `, most in week ${busiest.week} (${busiest.current})` : ''}; ${formatCount(total('previous'))} in ${lastYear}.`}
        config={charts.weekly}
        table={
          <ComparedTable
            caption="Submissions per week of the program"
            rowHeader="Week"
            columns={[thisYear, lastYear]}
            rows={data.weekly.map((entry) => ({ label: String(entry.week), ...entry }))}
          />
        }
      />
      <ChartFigure
        title="Status mix"
        empty={data.byStatus.some((entry) => entry.current > 0) ? undefined : 'No enrollments yet.'}
        summary={data.byStatus.map((entry) => `${entry.status} ${entry.current}`).join(', ')}
        config={charts.status}
        table={
          <ComparedTable
            caption="Enrollments by status"
            rowHeader="Status"
            columns={[thisYear, `${lastYear} at the same day`]}
            rows={data.byStatus.map((entry) => ({ label: entry.status, ...entry }))}
          />
        }
      />
      <ChartFigure
        title="Dealers ordering kits, by region"
        empty={
          data.dealersByRegion.some((entry) => entry.current + entry.previous > 0)
            ? undefined
            : 'No dealers order kits yet.'
        }
        summary={
          data.dealersByRegion
            .filter((entry) => entry.current > 0)
            .map((entry) => `${entry.region} ${entry.current}`)
            .join(', ') || 'No dealers order kits yet.'
        }
        config={charts.regions}
        table={
          <ComparedTable
            caption="Dealers ordering kits, by region"
            rowHeader="Region"
            columns={[thisYear, `${lastYear} at the same day`]}
            rows={data.dealersByRegion.map((entry) => ({ label: entry.region, ...entry }))}
          />
        }
      />
    </div>
  )
}

function chartConfigs(data: Dashboard) {
  const thisYear = String(data.year)
  // This year's line stops at the current week: the weeks after it have not happened yet.
  const currentWeek = data.dayOfProgram === null ? 0 : Math.floor(data.dayOfProgram / 7) + 1
  const lastYear = String(data.year - 1)
  const weekly: ChartConfiguration<'line'> = {
    type: 'line',
    data: {
      labels: data.weekly.map((entry) => `Week ${entry.week}`),
      datasets: [
        {
          label: thisYear,
          data: data.weekly.map((entry) => (entry.week <= currentWeek ? entry.current : null)),
          borderColor: THIS_YEAR,
          backgroundColor: THIS_YEAR,
          tension: 0.25,
        },
        {
          label: lastYear,
          data: data.weekly.map((entry) => entry.previous),
          borderColor: LAST_YEAR,
          backgroundColor: LAST_YEAR,
          borderDash: [6, 4],
          tension: 0.25,
        },
      ],
    },
    options: { maintainAspectRatio: false, scales: { y: yAxis } },
  }
  const status: ChartConfiguration<'doughnut'> = {
    type: 'doughnut',
    data: {
      labels: data.byStatus.map((entry) => entry.status),
      datasets: [
        {
          label: thisYear,
          data: data.byStatus.map((entry) => entry.current),
          backgroundColor: data.byStatus.map((entry) => STATUS_COLORS[entry.status] ?? THIS_YEAR),
        },
      ],
    },
    options: { maintainAspectRatio: false, plugins: { legend: { position: 'right' } } },
  }
  const regions: ChartConfiguration<'bar'> = {
    type: 'bar',
    data: {
      labels: data.dealersByRegion.map((entry) => entry.region),
      datasets: [
        {
          label: thisYear,
          data: data.dealersByRegion.map((entry) => entry.current),
          backgroundColor: THIS_YEAR,
        },
        {
          label: data.comparedAt ? `${lastYear} at the same day` : lastYear,
          data: data.dealersByRegion.map((entry) => entry.previous),
          backgroundColor: LAST_YEAR,
        },
      ],
    },
    options: { maintainAspectRatio: false, scales: { y: yAxis } },
  }
  return {
    weekly: weekly as ChartConfiguration,
    status: status as ChartConfiguration,
    regions: regions as ChartConfiguration,
  }
}

/** A chart's numbers as a table: one row per label, this year's and last year's column. */
function ComparedTable({
  caption,
  rowHeader,
  columns,
  rows,
}: {
  caption: string
  rowHeader: string
  columns: [string, string]
  rows: Array<{ label: string; current: number; previous: number }>
}) {
  return (
    <table className="data-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          <th scope="col">{columns[0]}</th>
          <th scope="col">{columns[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row">{row.label}</th>
            <td>{row.current}</td>
            <td>{row.previous}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
