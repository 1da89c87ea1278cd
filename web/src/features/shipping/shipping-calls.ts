import type {
  Manifest,
  ReleaseSummary,
  SalesEvent,
  SalesEventBody,
} from '@shared/shipping/shipping-schema'
import { call } from '../../lib/api-client'

/** The brand and year whose sales events a page shows. */
export interface EventFilters {
  year: number
  brand: string
}

/** The sales events of a brand's year, by ship-by date (the vendor's: the released ones only). */
export function getShippingEvents(
  filters: EventFilters,
  signal?: AbortSignal,
): Promise<SalesEvent[]> {
  return call('GET /api/shipping/events', {
    query: { year: String(filters.year), brand: filters.brand },
    signal,
  })
}

export function postShippingEvent(
  filters: EventFilters,
  body: SalesEventBody,
): Promise<SalesEvent> {
  return call('POST /api/shipping/events', {
    query: { year: String(filters.year), brand: filters.brand },
    body,
  })
}

export function putShippingEvent(
  guid: string,
  body: SalesEventBody & { version: number },
): Promise<SalesEvent> {
  return call('PUT /api/shipping/events/{guid}', { params: { guid }, body })
}

export function getManifest(guid: string, signal?: AbortSignal): Promise<Manifest> {
  return call('GET /api/shipping/events/{guid}/manifest', { params: { guid }, signal })
}

export function getReleases(guid: string, signal?: AbortSignal): Promise<ReleaseSummary[]> {
  return call('GET /api/shipping/events/{guid}/releases', { params: { guid }, signal })
}

/** Releases the manifest; `after` is the last release the office saw (0: none). */
export function postRelease(guid: string, after: number): Promise<ReleaseSummary> {
  return call('POST /api/shipping/events/{guid}/releases', { params: { guid }, body: { after } })
}
