import { formatDate } from '@shared/format/date-text'
import type { SalesEvent, SalesEventBody } from '@shared/shipping/shipping-schema'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useConfirm } from '../../components/ui/confirm'
import { focusWhenRendered } from '../../components/ui/move-focus'
import { ProgressBar } from '../../components/ui/progress-bar'
import { useToast } from '../../components/ui/toast'
import { ApiError } from '../../lib/api-client'
import { usePageTitle } from '../../lib/page-title'
import { programQuery } from '../admin/program-office/program-filters'
import { QueryView, reloading } from '../admin/query/query-view'
import { useMay } from '../admin/staff-access'
import { EventDialog } from './event-dialog'
import { EventFilterBar, useEventFilters } from './event-filters'
import { inStoreText } from './event-text'
import { ManifestPanel } from './manifest-panel'
import {
  deleteShippingEvent,
  getShippingEvents,
  postShippingEvent,
  putShippingEvent,
} from './shipping-calls'
import { shippingKeys } from './shipping-keys'
import './shipping.css'

/**
 * The Shipping tab (docs/product.md#shipping): the sales events of a brand's year, and the
 * manifest of the one chosen, as it would be released now. Every office role reads them; only an
 * administrator adds and changes events and releases manifests.
 */
export default function ShippingPage() {
  usePageTitle('Shipping')
  const [filters, setFilters] = useEventFilters()
  const search = new URLSearchParams(useSearch())
  const [location, navigate] = useLocation()
  const mayShip = useMay('ship')
  const toast = useToast()
  const confirm = useConfirm()
  const client = useQueryClient()
  const [editing, setEditing] = useState<SalesEvent | 'new' | null>(null)
  const events = useQuery({
    queryKey: shippingKeys.events(filters),
    queryFn: ({ signal }) => getShippingEvents(filters, signal),
    placeholderData: keepPreviousData,
  })
  const chosenGuid = search.get('event') ?? ''
  const chosen = events.data?.find((event) => event.guid === chosenGuid)
  const choose = (guid: string) =>
    navigate(`${location}?${programQuery(filters)}${guid ? `&event=${guid}` : ''}`, {
      replace: true,
    })

  const save = async (body: SalesEventBody) => {
    // The version as the list now has it: after a 409 (changed meanwhile) the list is asked for
    // again, and a second Save, made knowing it, changes the event as it now is.
    const latest =
      editing && editing !== 'new'
        ? (events.data?.find((event) => event.guid === editing.guid) ?? editing)
        : null
    let saved: SalesEvent
    try {
      saved = latest
        ? await putShippingEvent(latest.guid, { ...body, version: latest.version })
        : await postShippingEvent(filters, body)
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 409) {
        void client.invalidateQueries({ queryKey: shippingKeys.eventLists() })
      }
      throw caught
    }
    toast.success(
      editing === 'new' ? `${saved.name} (${saved.code}) is added.` : `${saved.name} is saved.`,
    )
    setEditing(null)
    await client.invalidateQueries({ queryKey: shippingKeys.eventLists() })
    void client.invalidateQueries({ queryKey: shippingKeys.event(saved.guid) })
    focusWhenRendered(() => document.getElementById(`event-${saved.guid}`))
  }

  const remove = async (event: SalesEvent) => {
    const question = `Remove ${event.name} (${event.code})? Its manifest has never been released; the event and its code go.`
    if (!(await confirm(question, 'Remove the sales event', { yes: 'Remove', no: 'Cancel' }))) {
      return
    }
    try {
      await deleteShippingEvent(event.guid)
      toast.success(`${event.name} is removed.`)
      if (event.guid === chosenGuid) choose('')
    } catch (caught) {
      toast.error(caught instanceof Error ? caught.message : 'The event could not be removed.')
    }
    await client.invalidateQueries({ queryKey: shippingKeys.eventLists() })
    focusWhenRendered(() => document.getElementById('sales-events'))
  }

  return (
    <>
      <ProgressBar active={events.isFetching} label="Loading the sales events" />
      <section className="stack shipping" aria-busy={reloading(events)}>
        <EventFilterBar filters={filters} onChange={setFilters}>
          {mayShip && (
            <button
              type="button"
              className="button button--small list-filters__action"
              onClick={() => setEditing('new')}
            >
              Add event
            </button>
          )}
        </EventFilterBar>
        <h2 className="shipping__heading" id="sales-events" tabIndex={-1}>
          Sales events of {filters.year}
        </h2>
        {mayShip && (
          <p className="shipping__intro">
            An event whose manifest was released cannot be removed, only changed. The vendor sees
            the released manifests and uploads tracking on the{' '}
            <Link href={`~/fulfillment?${programQuery(filters)}`}>Fulfillment page</Link>.
          </p>
        )}
        <QueryView query={events} failed="The sales events could not be loaded.">
          {(list) =>
            list.length === 0 ? (
              <p className="office-panel__empty">
                No sales events yet for {filters.year}.
                {mayShip && ' Add the year’s events with Add event.'}
              </p>
            ) : (
              <EventTable
                events={list}
                chosen={chosen?.guid}
                onChoose={choose}
                onEdit={mayShip ? setEditing : undefined}
                onRemove={mayShip ? (event) => void remove(event) : undefined}
              />
            )
          }
        </QueryView>
        {chosen && <ManifestPanel key={chosen.guid} event={chosen} />}
      </section>
      {editing && (
        <EventDialog
          event={editing === 'new' ? undefined : editing}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}

function EventTable({
  events,
  chosen,
  onChoose,
  onEdit,
  onRemove,
}: {
  events: SalesEvent[]
  chosen: string | undefined
  onChoose(guid: string): void
  onEdit?: (event: SalesEvent) => void
  /** Offered for an event never released (a released one stays: renamed or re-dated only). */
  onRemove?: (event: SalesEvent) => void
}) {
  return (
    <div className="office-table-wrap">
      <table className="office-table ship-table" aria-labelledby="sales-events">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Code</th>
            <th scope="col">Ship by</th>
            <th scope="col">In stores</th>
            <th scope="col">Releases</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {events.map((event) => (
            <tr
              key={event.guid}
              className={event.guid === chosen ? 'ship-table__chosen' : undefined}
            >
              <th scope="row" className="ship-table__name">
                <span id={`event-${event.guid}`} tabIndex={-1}>
                  {event.name}
                </span>
              </th>
              <td data-label="Code">{event.code}</td>
              <td data-label="Ship by">{formatDate(event.shipBy)}</td>
              <td data-label="In stores">{inStoreText(event)}</td>
              <td data-label="Releases">
                {event.releases === 0
                  ? 'Not released'
                  : `${event.releases}, last ${formatDate(event.lastReleasedAt ?? '')}`}
              </td>
              <td className="ship-table__actions">
                <button
                  type="button"
                  className="button button--small"
                  aria-pressed={event.guid === chosen}
                  aria-label={`Manifest of ${event.name}`}
                  onClick={() => onChoose(event.guid === chosen ? '' : event.guid)}
                >
                  Manifest
                </button>
                {onEdit && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Change ${event.name}`}
                    onClick={() => onEdit(event)}
                  >
                    Change
                  </button>
                )}
                {onRemove && event.releases === 0 && (
                  <button
                    type="button"
                    className="button button--small"
                    aria-label={`Remove ${event.name}`}
                    onClick={() => onRemove(event)}
                  >
                    Remove
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
