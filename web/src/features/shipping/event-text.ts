import { formatDate } from '@shared/format/date-text'
import type { SalesEvent } from '@shared/shipping/shipping-schema'

/** "Mar 2, 2026 – Mar 15, 2026": an event's days in stores. */
export function inStoreText(event: Pick<SalesEvent, 'inStoreFrom' | 'inStoreTo'>): string {
  return `${formatDate(event.inStoreFrom)} – ${formatDate(event.inStoreTo)}`
}
