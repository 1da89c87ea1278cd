import type { InjectOptions, LightMyRequestResponse } from 'fastify'

/**
 * What server/auth/role-table.test.ts calls and how it reads its table: the callers (the table's
 * columns, in order), a request of every route of the OpenAPI document, and a cell's words.
 */
export const SUBJECTS = [
  'anonymous',
  'no role',
  'administrator',
  'read-only',
  'regional',
  'regional, another region',
  'regional, no region',
  'vendor',
] as const
export type Subject = (typeof SUBJECTS)[number]

/** What the shipping routes name: events, a release, a shipment, a tracking file. */
export interface ShippingTarget {
  /** An event of chevy 2025 with release 1. */
  released: string
  /** An event never released, that PUT renames, at its version. */
  open: { guid: string; version: number }
  /** An event never released, that DELETE removes. */
  removable: string
  /** A shipment of the released event. */
  shipment: { id: string; carrier: string; trackingNumber: string; shippedOn: string }
  /** A tracking file of one row, the shipment as stored (an upload that adds nothing). */
  trackingCsv: string
}

/**
 * The enrollment a request names (an LMA), its first dealer's BAC, one of its mails, and its
 * invoice's date (once approved); the shipping routes' fixtures.
 */
export interface Target {
  guid: string
  bac: string
  mailId: string
  invoiceDate: string
  shipping: ShippingTarget
}
export type Fixtures = Record<'theirs' | 'another' | 'none', Target>

export interface RouteRequest {
  /** The enrollments it names must be Authorizing (not yet approved) for it to succeed. */
  authorizing?: boolean
  /** It changes what it names: the next caller gets new enrollments. */
  changes?: boolean
  /** A report form post: the token goes in the form's bearer_token field. */
  form?: boolean
  build(target: Target): InjectOptions
}

const YEAR = 2025
let events = 0
const SHIP_TO = {
  name: 'Prairie Motors',
  address: '12 Depot Street',
  city: 'Peoria',
  state: 'IL',
  postal: '61602',
  country: 'USA',
}
export const json = (url: string, payload: object = {}): InjectOptions => ({
  method: 'POST',
  url,
  payload,
})

/** A request of each route, which succeeds for a caller allowed to make it. */
export const REQUESTS: Record<string, RouteRequest> = {
  'GET /healthz': { build: () => ({ url: '/healthz' }) },
  'GET /readyz': { build: () => ({ url: '/readyz' }) },
  'GET /metrics': { build: () => ({ url: '/metrics' }) },
  'GET /api/config': { build: () => ({ url: '/api/config' }) },
  'GET /api/regions': { build: () => ({ url: '/api/regions' }) },
  'POST /api/enrollments': { build: () => json('/api/enrollments', { type: 'Lma' }) },
  'GET /api/enrollments/autocomplete/bac': {
    build: () => ({ url: '/api/enrollments/autocomplete/bac?q=11' }),
  },
  'GET /api/enrollments/autocomplete/lma-name': {
    build: () => ({ url: '/api/enrollments/autocomplete/lma-name?q=Gr' }),
  },
  'GET /api/enrollments/{guid}': { build: (e) => ({ url: `/api/enrollments/${e.guid}` }) },
  'POST /api/enrollments/{guid}/authorize': {
    build: (e) => json(`/api/enrollments/${e.guid}/authorize`, {}),
  },
  'POST /api/drafts': { build: () => json('/api/drafts', {}) },
  'PUT /api/drafts': { build: () => ({ ...json('/api/drafts', {}), method: 'PUT' }) },
  'GET /api/drafts': { build: () => ({ url: `/api/drafts?token=${'A'.repeat(43)}` }) },
  'GET /api/status/{token}': { build: () => ({ url: `/api/status/${'A'.repeat(43)}` }) },
  'GET /api/status/{token}/invoice': {
    build: () => ({ url: `/api/status/${'A'.repeat(43)}/invoice` }),
  },
  'GET /api/status/{token}/invoice/pdf': {
    build: () => ({ url: `/api/status/${'A'.repeat(43)}/invoice/pdf` }),
  },
  'POST /api/status/lost-links': {
    build: () => json('/api/status/lost-links', { email: 'nobody@example.com' }),
  },
  'GET /api/session': { build: () => ({ url: '/api/session' }) },
  'GET /api/enrollments': { build: () => ({ url: `/api/enrollments?year=${YEAR}` }) },
  // A cursor before every transaction: every change of the year is new to it.
  'GET /api/enrollments/changes': {
    build: () => ({ url: `/api/enrollments/changes?year=${YEAR}&since=${Date.now()}_1:1:` }),
  },
  'GET /api/enrollments/{guid}/history': {
    build: (e) => ({ url: `/api/enrollments/${e.guid}/history` }),
  },
  'POST /api/enrollments/{guid}/update': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/update`, { _edit: true }),
  },
  'POST /api/enrollments/{guid}/approve': {
    authorizing: true,
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/approve`),
  },
  'POST /api/enrollments/{guid}/re-authorize': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/re-authorize`),
  },
  'POST /api/enrollments/{guid}/decline': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/decline`),
  },
  'POST /api/enrollments/{guid}/delete': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/delete`),
  },
  'POST /api/enrollments/bulk/{action}': {
    authorizing: true,
    changes: true,
    build: (e) => json('/api/enrollments/bulk/approve', { guids: [e.guid] }),
  },
  'GET /api/enrollments/{guid}/notes': {
    build: (e) => ({ url: `/api/enrollments/${e.guid}/notes` }),
  },
  'POST /api/enrollments/{guid}/notes': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/notes`, { text: 'Called the LMA.' }),
  },
  'GET /api/enrollments/{guid}/mails': {
    build: (e) => ({ url: `/api/enrollments/${e.guid}/mails` }),
  },
  'POST /api/enrollments/{guid}/mails/{mailId}/send-again': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/mails/${e.mailId}/send-again`),
  },
  'GET /api/enrollments/{guid}/payment': {
    build: (e) => ({ url: `/api/enrollments/${e.guid}/payment` }),
  },
  'POST /api/enrollments/{guid}/payment': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/payment`, { paidOn: e.invoiceDate }),
  },
  'POST /api/enrollments/{guid}/payment/clear': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/payment/clear`),
  },
  'GET /api/invoices/{guid}': { build: (e) => ({ url: `/api/invoices/${e.guid}` }) },
  'GET /api/invoices/{guid}/pdf': { build: (e) => ({ url: `/api/invoices/${e.guid}/pdf` }) },
  'GET /api/enrollments/{guid}/authorization': {
    build: (e) => ({ url: `/api/enrollments/${e.guid}/authorization` }),
  },
  'POST /api/enrollments/{guid}/status-link/reissue': {
    changes: true,
    build: (e) => json(`/api/enrollments/${e.guid}/status-link/reissue`),
  },
  'POST /api/reports/export': { form: true, build: () => ({ url: '/api/reports/export' }) },
  'POST /api/reports/enrollment-list': {
    form: true,
    build: () => ({ url: '/api/reports/enrollment-list' }),
  },
  'POST /api/reports/invoices/{year}': {
    form: true,
    build: () => ({ url: `/api/reports/invoices/${YEAR}` }),
  },
  'POST /api/reports/not-re-enrolled': {
    form: true,
    build: () => ({ url: `/api/reports/not-re-enrolled?year=${YEAR}` }),
  },
  'POST /api/reports/audit/{year}': {
    form: true,
    build: () => ({ url: `/api/reports/audit/${YEAR}` }),
  },
  'GET /api/dashboard': { build: () => ({ url: `/api/dashboard?year=${YEAR}` }) },
  'GET /api/re-enrollment': { build: () => ({ url: '/api/re-enrollment' }) },
  'POST /api/re-enrollment/invitations': {
    build: (e) => json('/api/re-enrollment/invitations', { guids: [e.guid] }),
  },
  'POST /api/rollover': { changes: true, build: () => json('/api/rollover', { to: YEAR + 1 }) },
  'GET /api/audit': { build: () => ({ url: `/api/audit?year=${YEAR}` }) },
  'GET /api/shipping/events': {
    build: () => ({ url: `/api/shipping/events?brand=chevy&year=${YEAR}` }),
  },
  'POST /api/shipping/events': {
    build: () =>
      json(`/api/shipping/events?brand=chevy&year=${YEAR}`, {
        name: `Role Table Event ${++events}`,
        shipBy: '2025-05-01',
        inStoreFrom: '2025-05-15',
        inStoreTo: '2025-05-31',
      }),
  },
  'PUT /api/shipping/events/{guid}': {
    build: (e) => ({
      method: 'PUT',
      url: `/api/shipping/events/${e.shipping.open.guid}`,
      payload: {
        name: 'Role Table Renamed Event',
        shipBy: '2025-06-01',
        inStoreFrom: '2025-06-15',
        inStoreTo: '2025-06-30',
        version: e.shipping.open.version,
      },
    }),
  },
  'DELETE /api/shipping/events/{guid}': {
    build: (e) => ({ method: 'DELETE', url: `/api/shipping/events/${e.shipping.removable}` }),
  },
  'GET /api/shipping/events/{guid}/manifest': {
    build: (e) => ({ url: `/api/shipping/events/${e.shipping.released}/manifest` }),
  },
  // Nothing changed since release 1 (409) or something did (201): either way let through.
  'POST /api/shipping/events/{guid}/releases': {
    build: (e) => json(`/api/shipping/events/${e.shipping.released}/releases`, { after: 1 }),
  },
  'GET /api/shipping/events/{guid}/releases': {
    build: (e) => ({ url: `/api/shipping/events/${e.shipping.released}/releases` }),
  },
  'GET /api/shipping/events/{guid}/releases/{number}': {
    build: (e) => ({ url: `/api/shipping/events/${e.shipping.released}/releases/1` }),
  },
  'GET /api/shipping/events/{guid}/releases/{number}/file': {
    build: (e) => ({
      url: `/api/shipping/events/${e.shipping.released}/releases/1/file?format=csv`,
    }),
  },
  'POST /api/shipping/tracking': {
    build: (e) => ({
      method: 'POST',
      url: '/api/shipping/tracking',
      headers: { 'content-type': 'text/csv' },
      payload: e.shipping.trackingCsv,
    }),
  },
  'GET /api/enrollments/{guid}/shipments': {
    build: (e) => ({ url: `/api/enrollments/${e.guid}/shipments` }),
  },
  'PUT /api/shipments/{id}': {
    build: (e) => {
      const { id, ...fields } = e.shipping.shipment
      return { method: 'PUT', url: `/api/shipments/${id}`, payload: fields }
    },
  },
  'PUT /api/enrollments/{guid}/ship-to/{bac}': {
    build: (e) => ({
      method: 'PUT',
      url: `/api/enrollments/${e.guid}/ship-to/${e.bac}`,
      payload: SHIP_TO,
    }),
  },
}

export function expectations(row: string): Record<Subject, string> | 'public' {
  if (row === 'public') return 'public'
  const cells = row.trim().split(/\s+/)
  if (cells.length !== SUBJECTS.length)
    throw new Error(`A row has ${SUBJECTS.length} cells: ${row}`)
  return Object.fromEntries(SUBJECTS.map((subject, index) => [subject, cells[index]])) as Record<
    Subject,
    string
  >
}

/** The roles a row lets through, in the words of docs/product.md's API table. */
export function whoWords(row: string): string | undefined {
  const expected = expectations(row)
  if (expected === 'public') return undefined
  // Open to anyone without a token, scoped with one (the dialog's read): its own words.
  if (expected.anonymous === 'ok') return undefined
  if (expected['no role'] === 'ok') return 'anyone signed in'
  const readOnly = expected['read-only'] === 'ok'
  const regional = expected.regional === 'ok'
  const vendor = expected.vendor === 'ok' ? ', the vendor' : ''
  if (readOnly && regional) return `every role${vendor}`
  if (readOnly) return `administrator, read-only${vendor}`
  if (regional) return `administrator, regional manager${vendor}`
  return `administrator${vendor}`
}

export function outcome(response: LightMyRequestResponse): string {
  const status = response.statusCode
  return status < 400 || status === 409 ? 'ok' : String(status)
}
