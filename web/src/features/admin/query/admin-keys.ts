import type { ListFilters } from '../api/admin-calls'
import type { ReEnrollmentFilters } from '../api/re-enrollment-calls'
import type { ProgramFilters } from '../program-office/program-filters'

/**
 * The admin area's query keys, one factory per noun, and nowhere else: a key names what an
 * answer is, and an action invalidates by these prefixes what it changed (admin-changes.ts).
 * Everything of one enrollment sits under `enrollment(guid)`, every list of enrollments under
 * `lists()`, so a prefix reaches all of them.
 */
export const adminKeys = {
  all: ['admin'] as const,
  session: (username: string) => ['admin', 'session', username] as const,
  /** Every enrollment list, whatever its filters. */
  lists: () => ['admin', 'enrollments'] as const,
  /** The list for one filter set; the search is trimmed, as the request sends it. */
  list: (filters: ListFilters) =>
    ['admin', 'enrollments', { ...filters, query: filters.query.trim() }] as const,
  /** Everything about every enrollment (a bulk action may touch any). */
  enrollments: () => ['admin', 'enrollment'] as const,
  /** Everything about one enrollment: its detail and each panel of its dialog. */
  enrollment: (guid: string) => ['admin', 'enrollment', guid] as const,
  detail: (guid: string) => ['admin', 'enrollment', guid, 'detail'] as const,
  history: (guid: string) => ['admin', 'enrollment', guid, 'history'] as const,
  notes: (guid: string) => ['admin', 'enrollment', guid, 'notes'] as const,
  mails: (guid: string) => ['admin', 'enrollment', guid, 'mails'] as const,
  /** The invoice's payment state (the payment panel). */
  invoice: (guid: string) => ['admin', 'enrollment', guid, 'invoice'] as const,
  /** The invoice itself, its items (what Save Changes compares): under `invoice`, changed with it. */
  invoiceDocument: (guid: string) => ['admin', 'enrollment', guid, 'invoice', 'document'] as const,
  reminders: (guid: string) => ['admin', 'enrollment', guid, 'reminders'] as const,
  /** Every dashboard, whatever its year and brand. */
  dashboards: () => ['admin', 'dashboard'] as const,
  dashboard: (filters: ProgramFilters) =>
    ['admin', 'dashboard', { year: filters.year, brand: filters.brand }] as const,
  /** Every not-re-enrolled list, whatever its filters. */
  notReEnrolledLists: () => ['admin', 'not-re-enrolled'] as const,
  notReEnrolled: (filters: ReEnrollmentFilters) =>
    [
      'admin',
      'not-re-enrolled',
      { year: filters.year, brand: filters.brand, region: filters.region, type: filters.type },
    ] as const,
  /** Every year's audit trail. */
  auditTrails: () => ['admin', 'audit'] as const,
  auditTrail: (year: number) => ['admin', 'audit', year] as const,
}
