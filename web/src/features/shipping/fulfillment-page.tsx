import { eventDatesWords } from '@shared/shipping/shipment-words'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { ProgressBar } from '../../components/ui/progress-bar'
import { usePageTitle } from '../../lib/page-title'
import { programQuery } from '../admin/program-office/program-filters'
import { QueryView, reloading } from '../admin/query/query-view'
import { useMay } from '../admin/staff-access'
import { EventFilterBar, useEventFilters } from './event-filters'
import { ReleasesTable } from './releases-table'
import { getShippingEvents } from './shipping-calls'
import { shippingKeys } from './shipping-keys'
import { TrackingUpload } from './tracking-upload'
import './shipping.css'

/**
 * The print vendor's page (docs/product.md#shipping): the released manifests of a brand's year,
 * each release to download, and the upload of the tracking numbers of what was shipped.
 * Administrators may open it too.
 */
export default function FulfillmentPage() {
  usePageTitle('Fulfillment')
  const [filters, setFilters] = useEventFilters()
  const mayShip = useMay('ship')
  const events = useQuery({
    queryKey: shippingKeys.events(filters),
    queryFn: ({ signal }) => getShippingEvents(filters, signal),
    placeholderData: keepPreviousData,
  })
  return (
    <>
      <ProgressBar active={events.isFetching} label="Loading the released manifests" />
      <div className="stack fulfillment">
        {mayShip && (
          <p className="shipping__intro">
            Events are added and manifests released on the admin area’s{' '}
            <Link href={`~/admin/shipping?${programQuery(filters)}`}>Shipping tab</Link>.
          </p>
        )}
        <TrackingUpload />
        <section aria-labelledby="released-manifests" aria-busy={reloading(events)}>
          <h2 className="shipping__heading" id="released-manifests">
            Released manifests
          </h2>
          <EventFilterBar filters={filters} onChange={setFilters} />
          <QueryView query={events} failed="The released manifests could not be loaded.">
            {(list) => {
              const released = list.filter((event) => event.releases > 0)
              return released.length === 0 ? (
                <p className="office-panel__empty">
                  No manifest of {filters.year} has been released yet.
                </p>
              ) : (
                released.map((event) => (
                  <article key={event.guid} className="fulfillment__event">
                    <h3 className="shipping__heading">
                      {event.name} <span className="shipping__code">({event.code})</span>
                    </h3>
                    <p className="shipping__intro">{eventDatesWords(event)}</p>
                    <ReleasesTable event={event} />
                  </article>
                ))
              )
            }}
          </QueryView>
        </section>
      </div>
    </>
  )
}
