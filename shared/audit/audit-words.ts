import { listSortText, parseListSort } from '../enrollment/list-view.js'
import { formatDate } from '../format/date-text.js'
import type { AuditAction, AuditEntry, AuditFilters } from './audit-schema.js'

/** What each action of the audit trail is called, on the Audit trail tab and in its export. */
export const AUDIT_ACTION_WORDS: Record<AuditAction, string> = {
  export: 'Exported all enrollments',
  'list-export': 'Exported the enrollment list',
  'not-re-enrolled-export': 'Exported the not re-enrolled list',
  'invoice-report': 'Downloaded the invoices report',
  'audit-report': 'Downloaded the audit trail',
  'bulk-approve': 'Approved in bulk',
  'bulk-decline': 'Declined in bulk',
  invitations: 'Sent re-enrollment invitations',
  payment: 'Changed an invoice’s payment',
  'retention-erasure': 'Erased personal data (data retention)',
  'event-added': 'Added a sales event',
  'event-changed': 'Renamed or re-dated a sales event',
  'event-removed': 'Removed a sales event',
  'manifest-release': 'Released a shipment manifest',
  'tracking-upload': 'Uploaded tracking',
  'shipment-changed': 'Corrected a shipment',
  'ship-to-changed': 'Changed a dealer’s ship-to address',
}

const FILTER_LABELS: Record<string, string> = {
  year: 'Year',
  stillLocked: 'Held by another transaction',
  type: 'Type',
  status: 'Status',
  brand: 'Brand',
  region: 'Region',
  regions: 'Limited to regions',
  search: 'Search',
  attention: 'Needs attention',
  invoice: 'Invoice',
  waiting: 'Waiting',
  sort: 'Sort',
  selected: 'Selected',
  reason: 'With a reason',
  shareReason: 'Reason shown to the enrollee',
  invoiceNumber: 'Invoice number',
  paid: 'Paid',
  paidOn: 'Paid on',
  paymentReference: 'Payment reference',
  erasedBefore: 'Program years before',
  retentionYears: 'Years kept',
  event: 'Event',
  name: 'Name',
  shipBy: 'Ship by',
  inStoreFrom: 'In store from',
  inStoreTo: 'In store to',
  release: 'Release',
  file: 'File',
  bac: 'BAC',
  carrier: 'Carrier',
  trackingNumber: 'Tracking number',
  shippedOn: 'Shipped on',
  reference: 'Reference',
  shipping: 'Shipping',
  was: 'Was',
  address: 'Street address',
  city: 'City',
  state: 'State',
  postal: 'Postal code',
  country: 'Country',
}

/** The filters whose value is a calendar date ('2026-11-28'). */
const DATE_FILTERS = new Set(['paidOn', 'shipBy', 'inStoreFrom', 'inStoreTo', 'shippedOn'])

/**
 * A filter's value in words: a sort as the list says it ('Updated, newest first', not
 * '-updated'), a date as every screen writes one ('Nov 28, 2026', not '2026-11-28').
 */
function valueWords(key: string, value: AuditFilters[string]): string {
  if (value === true) return 'yes'
  if (value === false) return 'no'
  if (value === null) return 'none'
  if (key === 'sort' && typeof value === 'string') {
    const sort = parseListSort(value)
    if (sort) return listSortText(sort)
  }
  if (DATE_FILTERS.has(key) && typeof value === 'string') return formatDate(value)
  return String(value)
}

/** An entry's filters in words, "Year: 2026, Status: Approved", or "None" for none. */
export function auditFiltersText(filters: AuditFilters): string {
  const parts = Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([key, value]) => `${FILTER_LABELS[key] ?? key}: ${valueWords(key, value)}`)
  return parts.length > 0 ? parts.join(', ') : 'None'
}

/** An entry's action in words. */
export function auditActionText(entry: Pick<AuditEntry, 'action'>): string {
  return AUDIT_ACTION_WORDS[entry.action]
}
