import { createHash } from 'node:crypto'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import type { EnrollmentListRepository } from './enrollment-list-repository.js'

/**
 * The admin list's entity tag (docs/decisions.md, "The admin list answers 304 while nothing
 * changed, and keeps its latest answers"): the request's query, every filter included, the
 * scope of the user who asks (every enrollment, or a regional manager's regions), and the state
 * of every row the list of that year reads, so that an unchanged list answers 304 Not Modified
 * and a changed one never does. The tag also keys the encoded answers the route keeps: with
 * the scope in it, a regional manager is never sent a list kept for an administrator, nor an
 * administrator one kept for a regional manager, and neither's tag answers 304 to the other.
 *
 * The list reads the year's enrollments and their dealer rows (the first row's BAC and name,
 * the search over every row). Their state is each row's id and `xmin`, the transaction that
 * wrote its current version: any insert, update or delete changes it, in whatever order the
 * transactions commit. (A latest modified_at would not do: a transaction that started earlier,
 * so with an older now(), can commit after the tag was read.) A filter that reads another
 * table, or the clock, must add it here (the state is read by the list repository's
 * rowVersions).
 *
 * The state is that of the whole year whatever the scope: a change in another region makes a
 * regional manager's next request a 200 with the same list, never a stale 304.
 *
 * Read the tag before the list, never after: the list is then at least as new as its tag. A
 * change committed in between makes the next request a 200 again, never a stale 304.
 */
export async function enrollmentListEtag(
  list: EnrollmentListRepository,
  rawQuery: string,
  year: number | undefined,
  scope: EnrollmentScope,
): Promise<string> {
  const state = await list.rowVersions(year)
  const hash = createHash('sha256')
    .update(canonicalQuery(rawQuery))
    .update('\n')
    .update(scopeKey(scope))
    .update('\n')
    .update(state?.enrollments ?? '')
    .update('\n')
    .update(state?.dealers ?? '')
    .update('\n')
    .update(state?.invoices ?? '')
  // Weak: the same list goes out gzip, brotli or plain, byte for byte different.
  return `W/"${hash.digest('base64url').slice(0, 32)}"`
}

/** The scope as text: `all`, or the region ids in order. */
function scopeKey(scope: EnrollmentScope): string {
  return scope.all ? 'all' : `regions ${[...scope.regionIds].sort((a, b) => a - b).join(',')}`
}

/** The query's parameters in a fixed order, so that their order in the URL does not matter. */
function canonicalQuery(rawQuery: string): string {
  const params = [...new URLSearchParams(rawQuery)]
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1))
  return new URLSearchParams(params).toString()
}

/** Whether an If-None-Match header names this tag or is `*` (weak comparison, RFC 9110). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag) || tag.trim() === '*')
}
