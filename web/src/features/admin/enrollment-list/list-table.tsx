import type { EnrollmentListItem } from '@shared/enrollment/enrollment'
import { useConfig } from '../../config/config-context'

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'short' })
const FULL_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'long' })

export type ListRow = Omit<EnrollmentListItem, 'status'> & { status: string }

export function ListTable({ rows, onOpen }: { rows: ListRow[]; onOpen(row: ListRow): void }) {
  const { brands } = useConfig()
  const brandName = (key: string) => brands.find((brand) => brand.key === key)?.name ?? key
  if (rows.length === 0) return <p className="placeholder">No enrollments to display.</p>
  // Below 40rem each row shows as a card; data-label names a cell's value there.
  return (
    <div className="list-table-frame">
      <table className="list-table">
        <thead>
          <tr>
            <th scope="col">Year</th>
            <th scope="col">Brand</th>
            <th scope="col">Type</th>
            <th scope="col">BAC</th>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Created</th>
            <th scope="col">Updated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.guid} className="list-table__row" onClick={() => onOpen(row)}>
              <td data-label="Year">{row.year}</td>
              <td data-label="Brand">{brandName(row.brand)}</td>
              <td data-label="Type">{row.type === 'Lma' ? 'LMA' : row.type}</td>
              <td data-label="BAC">{row.type === 'Lma' ? '' : row.bac}</td>
              <td className="list-table__name">
                <button
                  type="button"
                  className="link-button"
                  onClick={(event) => {
                    event.stopPropagation()
                    onOpen(row)
                  }}
                >
                  {row.name || 'Unavailable'}
                </button>
              </td>
              <td className="list-table__status">
                <span className={`status status--${row.status.toLowerCase()}`}>{row.status}</span>
              </td>
              <td data-label="Created">{SHORT_DATE.format(new Date(row.created))}</td>
              <td data-label="Updated" title={FULL_TIME.format(new Date(row.modified))}>
                {SHORT_DATE.format(new Date(row.modified))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

export function Legend() {
  return (
    <dl className="legend">
      <div>
        <dt>Approved</dt>
        <dd>ready to bill / ship</dd>
      </div>
      <div>
        <dt>Approving</dt>
        <dd>awaiting admin approval</dd>
      </div>
      <div>
        <dt>Authorizing</dt>
        <dd>awaiting review by the authorized rep</dd>
      </div>
      <div>
        <dt>Declined</dt>
        <dd>the LMA or dealer chose not to participate</dd>
      </div>
    </dl>
  )
}
