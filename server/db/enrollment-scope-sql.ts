import { type RawBuilder, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'

/**
 * The enrollments a signed-in user sees and acts on (`inScope` of shared/auth/staff-role.ts) as
 * a condition on an enrollment's region column: every enrollment for an administrator or a
 * read-only user; for a regional manager, those of their regions (an enrollment without a
 * region, whose `region_id` is null, is in none). Here, below every folder that reads
 * enrollments, so that the invoices' queries use it as the enrollments' do.
 */
export function regionInScope(scope: EnrollmentScope, regionColumn: string): RawBuilder<boolean> {
  if (scope.all) return sql<boolean>`true`
  if (scope.regionIds.length === 0) return sql<boolean>`false`
  return sql<boolean>`${sql.ref(regionColumn)} in (${sql.join([...scope.regionIds])})`
}
