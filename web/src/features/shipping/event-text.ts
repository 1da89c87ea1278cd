import { inStoreDates } from '@shared/shipping/shipment-words'
import type { SalesEvent } from '@shared/shipping/shipping-schema'

/** "Mar 2, 2026 – Mar 15, 2026": an event's days in stores (the status page's words too). */
export function inStoreText(event: Pick<SalesEvent, 'inStoreFrom' | 'inStoreTo'>): string {
  return inStoreDates(event.inStoreFrom, event.inStoreTo)
}
