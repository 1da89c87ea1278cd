import { formatDateTime } from '@shared/format/date-text'
import { formatCount } from '@shared/format/number-text'
import type { ReleaseSummary, SalesEvent } from '@shared/shipping/shipping-schema'
import { useQuery } from '@tanstack/react-query'
import { QueryView, reloading } from '../admin/query/query-view'
import { ReleaseDownloads } from './release-downloads'
import { getReleases } from './shipping-calls'
import { shippingKeys } from './shipping-keys'

/**
 * An event's releases, newest first, each with its files to download (docs/product.md#releases):
 * the whole manifest or only its changes, as CSV or Excel.
 */
export function ReleasesTable({ event }: { event: SalesEvent }) {
  const releases = useQuery({
    queryKey: shippingKeys.releases(event.guid),
    queryFn: ({ signal }) => getReleases(event.guid, signal),
  })
  const headingId = `releases-${event.guid}`
  return (
    <section aria-labelledby={headingId} aria-busy={reloading(releases)}>
      <h3 className="office-panel__title" id={headingId}>
        Releases of {event.name}
      </h3>
      <QueryView query={releases} failed="The releases could not be loaded.">
        {(list) =>
          list.length === 0 ? (
            <p className="office-panel__empty">Not released yet.</p>
          ) : (
            <ReleaseRows event={event} releases={list} headingId={headingId} />
          )
        }
      </QueryView>
    </section>
  )
}

function ReleaseRows({
  event,
  releases,
  headingId,
}: {
  event: SalesEvent
  releases: ReleaseSummary[]
  headingId: string
}) {
  return (
    <div className="office-table-wrap">
      <table className="office-table ship-table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">Release</th>
            <th scope="col">Released</th>
            <th scope="col">By</th>
            <th scope="col">Rows</th>
            <th scope="col">Changes</th>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody>
          {releases.map((release) => (
            <tr key={release.number}>
              <th scope="row">
                <span id={`release-${event.guid}-${release.number}`} tabIndex={-1}>
                  Release {release.number}
                </span>
              </th>
              <td data-label="Released">{formatDateTime(release.releasedAt)}</td>
              <td data-label="By" className="office-table__recipient">
                {release.releasedBy}
              </td>
              <td data-label="Rows">{formatCount(release.rows)}</td>
              <td data-label="Changes">{formatCount(release.changes)}</td>
              <td data-label="Download">
                <ReleaseDownloads event={event} release={release} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
