import type { PeriodicJob } from '../scheduler/scheduler.js'
import type { EnrollmentListRepository } from './enrollment-list-repository.js'
import { LIST_CHANGES_KEPT_MS } from './find-enrollments.js'

export interface ListChangesPurgeOptions {
  /** How often the admin list's old changes are deleted; hourly unless a test says otherwise. */
  everyMs?: number
  schedule?: boolean
}

/**
 * Deletes the admin list's changes older than they are kept (migration 0019): a cursor older
 * than half of that is answered with the whole list, so none is answered without them.
 */
export function listChangesPurgeJob(
  context: { enrollmentList: EnrollmentListRepository },
  options: ListChangesPurgeOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  return {
    name: 'list-changes-purge',
    everyMs: options.everyMs ?? 60 * 60_000,
    run: () => context.enrollmentList.purgeChanges(LIST_CHANGES_KEPT_MS),
    logAs: 'old admin list changes deleted',
  }
}
