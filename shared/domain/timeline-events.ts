/**
 * The steps of an enrollment's timeline on the enrollee's status page
 * (docs/product.md#status-page), each shown with the time it happened; their words are
 * shared/format/status-words.ts's.
 */
export const TIMELINE_EVENTS = [
  'submitted',
  'authorized',
  'reauthorization',
  'approved',
  'declined',
  'invoiced',
  'invoice-revised',
  'paid',
  'invoice-voided',
] as const
export type TimelineEvent = (typeof TIMELINE_EVENTS)[number]
