import type { EventShippingFigures } from '@shared/dashboard/dashboard-schema'
import { FIGURE_LINKS } from '@shared/dashboard/figure-filters'
import type { ShippingFigure } from '@shared/enrollment/list-figure-filters'
import { brandDisplayName } from '@shared/format/brand-name'
import { formatDate } from '@shared/format/date-text'
import { formatCount } from '@shared/format/number-text'
import { Link } from 'wouter'
import { useConfig } from '../../config/config-context'
import { listHref } from '../program-office/list-link'

/** The three figures of an event, in their columns' order. */
const FIGURES: ReadonlyArray<readonly [ShippingFigure, string, keyof EventShippingFigures]> = [
  ['to-ship', 'Dealers to ship', 'toShip'],
  ['shipped', 'Shipped', 'shipped'],
  ['late', 'Not shipped after ship-by', 'late'],
]

/**
 * The sales events of the year (docs/product.md#dashboard): each one's dealers to ship, shipped,
 * and not shipped once its ship-by date is past, each a link to the enrollment list filtered to
 * exactly those dealers; an event not yet released says so. With all brands, one table per brand.
 */
export function ShippingFigures({
  year,
  brand,
  events,
}: {
  year: number
  /** The brand the dashboard shows; null for all brands. */
  brand: string | null
  events: readonly EventShippingFigures[]
}) {
  const { brands } = useConfig()
  if (events.length === 0) return <p>No sales events for {year} yet.</p>
  const byBrand = new Map<string, EventShippingFigures[]>()
  for (const event of events) {
    const list = byBrand.get(event.brand)
    if (list) list.push(event)
    else byBrand.set(event.brand, [event])
  }
  return (
    <>
      {[...byBrand].map(([key, list]) => (
        // A region of its own, reached by the keyboard: on a phone the table scrolls in it.
        <section
          className="shipping-figures__frame"
          key={key}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the keyboard (WCAG 2.1.1), and its table may hold no link
          tabIndex={0}
          aria-label={`Shipping figures of ${brandDisplayName(brands, key)} ${year}`}
        >
          <table className="data-table shipping-figures">
            <caption className={brand === null ? 'shipping-figures__brand' : 'visually-hidden'}>
              {brand === null
                ? brandDisplayName(brands, key)
                : `Sales events of ${brandDisplayName(brands, key)} ${year}`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Sales event</th>
                <th scope="col">Ship by</th>
                {FIGURES.map(([figure, label]) => (
                  <th scope="col" key={figure}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((event) => (
                <EventRow key={event.code} event={event} year={year} />
              ))}
            </tbody>
          </table>
        </section>
      ))}
    </>
  )
}

function EventRow({ event, year }: { event: EventShippingFigures; year: number }) {
  return (
    <tr>
      <th scope="row">{event.name}</th>
      <td>{formatDate(`${event.shipBy}T00:00:00Z`, 'UTC')}</td>
      {event.released ? (
        FIGURES.map(([figure, label, key]) => {
          const value = formatCount(Number(event[key]))
          const href = listHref(
            { year, brand: event.brand },
            FIGURE_LINKS.shipping(event.code, figure).filter,
          )
          return (
            <td key={figure}>
              <Link
                href={`~${href}`}
                aria-label={`${event.name}, ${label.toLowerCase()}: ${value}, show them in the enrollment list`}
              >
                {value}
              </Link>
            </td>
          )
        })
      ) : (
        <td colSpan={FIGURES.length}>Not released yet</td>
      )}
    </tr>
  )
}
