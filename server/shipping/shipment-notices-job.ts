import type { PeriodicJob } from '../scheduler/scheduler.js'
import { type ShipmentNoticeContext, sendShipmentNotices } from './shipment-notices.js'

export interface ShipmentNoticeOptions {
  /** How often the due shipment mails are looked for; every 15 minutes unless a test says otherwise. */
  everyMs?: number
  schedule?: boolean
}

/**
 * The shipment mails, batched (docs/product.md#shipment-mail): one mail per enrollment and event
 * once all its dealers on the event's latest release shipped, or once the ship-by date passed
 * with one shipment at least; queued once whatever the number of instances.
 */
export function shipmentNoticesJob(
  context: ShipmentNoticeContext,
  options: ShipmentNoticeOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  return {
    name: 'shipment-notices',
    everyMs: options.everyMs ?? 15 * 60_000,
    run: (keepGoing) => sendShipmentNotices(context, keepGoing),
    logAs: 'shipment mails queued',
  }
}
