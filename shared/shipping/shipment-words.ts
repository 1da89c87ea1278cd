import { formatDate } from '../format/date-text.js'

/**
 * How a shipment is said to the dealer, on the status page and in the shipment mail
 * (docs/product.md#status-page, docs/product.md#shipment-mail): one definition of the words for
 * both. Dates in the words every screen uses (shared/format/date-text.ts).
 */

/** What these words read of a shipment. */
export interface ShipmentFacts {
  carrier: string
  trackingNumber: string
  /** The day it shipped, YYYY-MM-DD. */
  shippedOn: string
}

/**
 * 'Shipped on Mar 1, 2025 by UPS, tracking ' and the tracking number, apart: the status page
 * makes the number a link to the carrier's tracking page (carriers.ts).
 */
export function shippedWordsParts(shipment: ShipmentFacts): { words: string; number: string } {
  return {
    words: `Shipped on ${formatDate(shipment.shippedOn)} by ${shipment.carrier}, tracking `,
    number: shipment.trackingNumber,
  }
}

/** 'Shipped on Mar 1, 2025 by UPS, tracking 1Z999AA10123456784'. */
export function shippedWords(shipment: ShipmentFacts): string {
  const { words, number } = shippedWordsParts(shipment)
  return `${words}${number}`
}

/** 'Not shipped yet; ships by Mar 1, 2025': a dealer of an event with no shipment yet. */
export function notShippedWords(shipBy: string): string {
  return `Not shipped yet; ships by ${formatDate(shipBy)}`
}

/** 'Mar 15, 2025 – Apr 15, 2025': an event's days in stores, as every screen writes them. */
export function inStoreDates(from: string, to: string): string {
  return `${formatDate(from)} – ${formatDate(to)}`
}

/** 'In stores Mar 15, 2025 – Apr 15, 2025': the status page's line under an event. */
export function inStoreWords(from: string, to: string): string {
  return `In stores ${inStoreDates(from, to)}`
}

/** 'Ships by Mar 1, 2025; in stores Mar 15, 2025 – Apr 15, 2025.': an event's dates in a sentence. */
export function eventDatesWords(event: {
  shipBy: string
  inStoreFrom: string
  inStoreTo: string
}): string {
  return `Ships by ${formatDate(event.shipBy)}; in stores ${inStoreDates(event.inStoreFrom, event.inStoreTo)}.`
}

/** The heading of the status page's section, and the shipment mail's. */
export const SHIPMENTS_HEADING = 'Shipments'
