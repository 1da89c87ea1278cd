import { type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'

/**
 * The SQL of `inScope` (shared/auth/staff-role.ts): whether an enrollment whose region is in
 * `regionColumn` is one the signed-in user sees. Every enrollment for administrators and
 * read-only users; a regional manager's regions only, so never an enrollment without a region
 * (docs/product.md#users). Every list, figure and export of the admin area reads it.
 */
export function enrollmentScopeSql(
  regionColumn: RawBuilder<unknown>,
  scope: EnrollmentScope,
): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`
  if (scope.regionIds.length === 0) return sql<boolean>`false`
  return sql<boolean>`${regionColumn} in (${sql.join(scope.regionIds)})`
}

/**
 * Whether the invoice of the enrollment `enrollmentGuidColumn` names is in the scope: the
 * region is its enrollment's. An invoice outlives its enrollment, whose region goes with it, so
 * a deleted enrollment's invoice is in the scope of those who see every enrollment only.
 */
export function invoiceScopeSql(
  enrollmentGuidColumn: RawBuilder<unknown>,
  scope: EnrollmentScope,
): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`
  return sql<boolean>`exists (select 1 from enrollments scoped
    where scoped.guid = ${enrollmentGuidColumn}
      and ${enrollmentScopeSql(sql.ref('scoped.region_id'), scope)})`
}

/**
 * Whether any of the regions in the array `regionsColumn` is in the scope: the changes of the
 * admin list name an enrollment's regions before and after a write (migration 0019).
 */
export function regionsInScopeSql(
  regionsColumn: RawBuilder<unknown>,
  scope: EnrollmentScope,
): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`
  if (scope.regionIds.length === 0) return sql<boolean>`false`
  return sql<boolean>`${regionsColumn} && array[${sql.join(scope.regionIds)}]::integer[]`
}
