import type { Session } from '@shared/auth/session-schema'
import type {
  Enrollment,
  EnrollmentHistoryItem,
  EnrollmentListChanges,
  EnrollmentListItem,
  SavedEnrollment,
} from '@shared/enrollment/enrollment'
import type { AdminAction } from '@shared/enrollment/status-rules'
import type { RolloverResult } from '@shared/rollover/rollover-schema'
import { type ApiAnswer, type ApiRoute, call, callAnswer } from '../../../lib/api-client'

export interface ListFilters {
  query: string
  year: number
  status: string
  type: string
  /** A brand key; '' is Any. */
  brand: string
  /** Needs attention: 'failed-mail', 'overdue-invoice'; '' is Any. */
  attention: string
  /** A dashboard figure's filters (shared/enrollment/list-figure-filters.ts); '' and null are Any. */
  invoice: string
  waiting: number | null
  /** A sales event's shipping figure, `CHEVY-2026-2:shipped`; absent or '' is Any. */
  shipping?: string
}

function listParams(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams({ year: String(filters.year) })
  if (filters.status) params.set('status', filters.status)
  if (filters.type) params.set('type', filters.type)
  if (filters.brand) params.set('brand', filters.brand)
  if (filters.attention) params.set('attention', filters.attention)
  if (filters.invoice) params.set('invoice', filters.invoice)
  if (filters.waiting !== null) params.set('waiting', String(filters.waiting))
  if (filters.shipping) params.set('shipping', filters.shipping)
  const search = filters.query.trim()
  if (search) params.set('search', search)
  return params
}

/**
 * The cursor of each list the browser holds (GET /api/enrollments/changes), by the rows
 * themselves: the List-Cursor of the full answer, or the cursor of the changes merged into
 * them. Rows a cancelled request never replaced keep their own cursor.
 */
const listCursors = new WeakMap<readonly object[], string>()

function withCursor(rows: EnrollmentListItem[], cursor: string | null | undefined) {
  if (cursor) listCursors.set(rows, cursor)
  return rows
}

/**
 * Held rows edited in place of an answer (a status shown at once after an action), keeping
 * their cursor: the next request's changes bring the rows as the server has them.
 */
export function editHeldRows<R extends object>(rows: R[], edit: (row: R) => R): R[] {
  const edited = rows.map(edit)
  const cursor = listCursors.get(rows)
  if (cursor) listCursors.set(edited, cursor)
  return edited
}

/**
 * The list for the filters. Given the rows the browser holds for them, it asks only for what
 * changed since they were read (docs/performance.md, "The admin list after a change") and
 * merges it; the whole list when it holds none, or for the filters that read the outbox or the
 * clock or the shipments, which have no changes to ask for.
 */
export async function getEnrollmentList(
  filters: ListFilters,
  signal?: AbortSignal,
  held?: EnrollmentListItem[],
): Promise<EnrollmentListItem[]> {
  const query = listParams(filters)
  const cursor = held && listCursors.get(held)
  const changesAnswer =
    !filters.attention && !filters.invoice && filters.waiting === null && !filters.shipping
  if (held && cursor && changesAnswer) {
    query.set('since', cursor)
    const changes = await call('GET /api/enrollments/changes', { query, signal })
    return withCursor(mergeChanges(held, changes), changes.cursor)
  }
  const { body, headers } = await callAnswer('GET /api/enrollments', { query, signal })
  // A 304 answers no cursor: the next request asks for the whole list again (or its 304).
  return withCursor(body, headers?.get('list-cursor'))
}

/**
 * The rows held with the changes applied: the removed and the changed ones out, the changed
 * ones in, newest change first as the list answers (by `modified`, an ISO time in UTC).
 */
export function mergeChanges(
  held: EnrollmentListItem[],
  changes: EnrollmentListChanges,
): EnrollmentListItem[] {
  if (changes.full) return changes.changed
  if (changes.changed.length === 0 && changes.removed.length === 0) return [...held]
  const gone = new Set([...changes.removed, ...changes.changed.map((row) => row.guid)])
  const kept = held.filter((row) => !gone.has(row.guid))
  const merged: EnrollmentListItem[] = []
  let k = 0
  for (const row of changes.changed) {
    while (k < kept.length && (kept[k]?.modified ?? '') > row.modified)
      merged.push(kept[k++] as EnrollmentListItem)
    merged.push(row)
  }
  while (k < kept.length) merged.push(kept[k++] as EnrollmentListItem)
  return merged
}

export function postEnrollmentUpdate(
  guid: string,
  enrollment: Enrollment,
): Promise<SavedEnrollment> {
  return call('POST /api/enrollments/{guid}/update', { params: { guid }, body: enrollment })
}

/** Each action of the shared status rules, and its route. */
const ACTION_ROUTES = {
  approve: 'POST /api/enrollments/{guid}/approve',
  reauthorize: 'POST /api/enrollments/{guid}/re-authorize',
  decline: 'POST /api/enrollments/{guid}/decline',
  delete: 'POST /api/enrollments/{guid}/delete',
} as const satisfies Readonly<Record<AdminAction, ApiRoute>>

/**
 * A status action; Decline and Re-authorize may carry the administrator's reason, and Decline
 * whether the enrollee's status page shows it.
 */
export function postAdminAction(
  guid: string,
  action: AdminAction,
  { reason, shareReason }: { reason?: string | undefined; shareReason?: boolean } = {},
): Promise<ApiAnswer<(typeof ACTION_ROUTES)[AdminAction]>> {
  return call(ACTION_ROUTES[action], {
    params: { guid },
    body: reason ? { reason, ...(shareReason ? { shareReason: true } : {}) } : undefined,
  })
}

export function getEnrollmentHistory(
  guid: string,
  signal?: AbortSignal,
): Promise<EnrollmentHistoryItem[]> {
  return call('GET /api/enrollments/{guid}/history', { params: { guid }, signal })
}

export function rollOver(to: number): Promise<RolloverResult> {
  return call('POST /api/rollover', { body: { to } })
}

/** Who the sign-in is, and whether they are an administrator (docs/product.md#admin-area). */
export function getSession(signal?: AbortSignal): Promise<Session> {
  return call('GET /api/session', { signal })
}
