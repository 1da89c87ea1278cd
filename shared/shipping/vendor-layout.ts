import type { ManifestChange, ReleasedRow } from './shipping-schema.js'

/**
 * The print vendor's file layouts (docs/product.md#vendor-layout, which shows these tables and
 * is tested against them): the columns of a released manifest (CSV and Excel alike) and of the
 * tracking file the vendor uploads back.
 */
export interface ReleaseFileContext {
  eventCode: string
  eventName: string
  shipBy: string
  release: number
}

export interface ManifestColumn {
  header: string
  description: string
  value(row: ReleasedRow, release: ReleaseFileContext): string | number
}

export const CHANGE_WORDS: Record<ManifestChange, string> = {
  added: 'Added',
  changed: 'Changed',
  unchanged: 'Unchanged',
  cancelled: 'Cancelled',
}

export const MANIFEST_COLUMNS: readonly ManifestColumn[] = [
  {
    header: 'Event Code',
    description: 'The event, as the tracking file names it (BRAND-YEAR-NUMBER).',
    value: (_row, release) => release.eventCode,
  },
  { header: 'Event', description: 'The event’s name.', value: (_row, r) => r.eventName },
  { header: 'Ship By', description: 'YYYY-MM-DD.', value: (_row, r) => r.shipBy },
  {
    header: 'Release',
    description: 'The release’s number (1, 2, …).',
    value: (_row, r) => r.release,
  },
  {
    header: 'Change',
    description:
      'Since the release before: Added, Changed (address or kits), Unchanged, or Cancelled (do not ship).',
    value: (row) => CHANGE_WORDS[row.change],
  },
  { header: 'BAC', description: 'The dealer’s BAC.', value: (row) => row.bac },
  { header: 'Dealer Name', description: 'Ship to.', value: (row) => row.dealerName },
  { header: 'Address', description: 'Street address.', value: (row) => row.address },
  { header: 'City', description: '', value: (row) => row.city },
  { header: 'State', description: 'Two letters.', value: (row) => row.state },
  { header: 'Postal Code', description: '', value: (row) => row.postal },
  { header: 'Country', description: '', value: (row) => row.country },
  {
    header: 'English Kit',
    description: 'Large or Small; empty when the dealer takes Hispanic kits only.',
    value: (row) => row.englishKit ?? '',
  },
  { header: 'English Kits', description: 'How many.', value: (row) => row.englishKits },
  {
    header: 'Hispanic Kit',
    description: 'Add-On, Large Hispanic-Only or Small Hispanic-Only; empty for none.',
    value: (row) => row.hispanicKit ?? '',
  },
  { header: 'Hispanic Kits', description: 'How many.', value: (row) => row.hispanicKits },
  {
    header: 'Reference',
    description: 'The enrollment’s reference, for questions to the program office.',
    value: (row) => row.reference,
  },
]

/** The tracking file's columns, in any order, found by header (case and spaces ignored). */
export const TRACKING_COLUMNS = [
  { key: 'bac', header: 'BAC', description: 'The dealer’s BAC, as on the manifest.' },
  { key: 'event', header: 'Event Code', description: 'As on the manifest (BRAND-YEAR-NUMBER).' },
  { key: 'carrier', header: 'Carrier', description: 'UPS, FedEx, USPS or another carrier’s name.' },
  {
    key: 'trackingNumber',
    header: 'Tracking Number',
    description: 'One package; a second number for the same dealer and event is a second package.',
  },
  { key: 'shippedOn', header: 'Shipped Date', description: 'YYYY-MM-DD (or an Excel date).' },
] as const

export type TrackingColumnKey = (typeof TRACKING_COLUMNS)[number]['key']
