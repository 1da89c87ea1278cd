import type { PeriodicJob } from '../scheduler/scheduler.js'
import type { StatusLinkRepository } from './status-link-repository.js'

export interface StatusLinkPurgeOptions {
  /** How often expired and long-revoked status links are deleted; hourly unless a test says otherwise. */
  everyMs?: number
  schedule?: boolean
}

/**
 * Deletes the status links that expired, and those revoked more than 30 days ago
 * (docs/security.md#capabilities): neither opens anything, and a hash kept for nothing is kept
 * for nobody.
 */
export function statusLinkPurgeJob(
  context: { statusLinks: StatusLinkRepository },
  options: StatusLinkPurgeOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  return {
    name: 'status-link-purge',
    everyMs: options.everyMs ?? 60 * 60_000,
    run: () => context.statusLinks.purgeExpired(),
    logAs: 'expired status links deleted',
  }
}
