import type { PeriodicJob } from '../scheduler/scheduler.js'
import type { DraftRepository } from './draft-repository.js'

export interface DraftPurgeOptions {
  /** How often expired drafts are deleted; hourly unless a test says otherwise. */
  everyMs?: number
  schedule?: boolean
}

/**
 * Deletes the drafts past their 30 days (docs/product.md#save-and-continue-later). An expired
 * draft opens nothing even before it is purged: every read asks for one that has not expired.
 */
export function draftPurgeJob(
  context: { drafts: DraftRepository },
  options: DraftPurgeOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  const { drafts } = context
  return {
    name: 'draft-purge',
    everyMs: options.everyMs ?? 60 * 60_000,
    run: () => drafts.purgeExpired(),
    logAs: 'expired drafts deleted',
  }
}
