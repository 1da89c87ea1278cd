import type { EventFilters } from './shipping-calls'

/**
 * The query keys of shipping's answers, under the admin area's cache (admin-keys.ts): an action
 * invalidates by these prefixes what it changed.
 */
export const shippingKeys = {
  all: () => ['admin', 'shipping'] as const,
  /** Every list of events, whatever its brand and year. */
  eventLists: () => ['admin', 'shipping', 'events'] as const,
  events: (filters: EventFilters) =>
    ['admin', 'shipping', 'events', { year: filters.year, brand: filters.brand }] as const,
  /** Everything of one event: its manifest and its releases. */
  event: (guid: string) => ['admin', 'shipping', 'event', guid] as const,
  manifest: (guid: string) => ['admin', 'shipping', 'event', guid, 'manifest'] as const,
  releases: (guid: string) => ['admin', 'shipping', 'event', guid, 'releases'] as const,
}
