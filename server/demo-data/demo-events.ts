import type { SalesEventBody } from '../../shared/shipping/shipping-schema.js'
import { createRandom } from './random.js'

/** A demo sales event, with its repeatable guid. */
export interface DemoSalesEvent extends SalesEventBody {
  guid: string
  brand: string
  year: number
}

/**
 * The program's five sales events of a year (docs/product.md#sales-events), each ship-by date
 * two weeks or so before its first in-store day, all within the year.
 */
const EVENTS: ReadonlyArray<{
  name: string
  shipBy: string
  inStoreFrom: string
  inStoreTo: string
}> = [
  { name: 'Spring Sales Event', shipBy: '02-14', inStoreFrom: '03-01', inStoreTo: '03-31' },
  { name: 'Truck Month', shipBy: '04-15', inStoreFrom: '05-01', inStoreTo: '05-31' },
  { name: 'Summer Clearance', shipBy: '06-13', inStoreFrom: '07-01', inStoreTo: '07-31' },
  { name: 'Fall Service', shipBy: '08-15', inStoreFrom: '09-01', inStoreTo: '09-30' },
  { name: 'Holiday Sales Event', shipBy: '11-01', inStoreFrom: '11-15', inStoreTo: '12-31' },
]

/**
 * The demo's sales events: the five of each brand for each year it seeds (last year's and this
 * year's), their guids from their own seeded source so that they are as repeatable as the rest
 * of the demo data (one source a year) and leave its enrollments as they were.
 */
export function demoSalesEvents(
  seed: number,
  brands: readonly { key: string }[],
  years: readonly number[],
): DemoSalesEvent[] {
  return years.flatMap((year) => {
    const random = createRandom((seed ^ 0x5a1e5) + year)
    return brands.flatMap((brand) =>
      EVENTS.map((event) => ({
        guid: random.uuid(),
        brand: brand.key,
        year,
        name: event.name,
        shipBy: `${year}-${event.shipBy}`,
        inStoreFrom: `${year}-${event.inStoreFrom}`,
        inStoreTo: `${year}-${event.inStoreTo}`,
      })),
    )
  })
}
