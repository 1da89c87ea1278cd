import type { FastifyInstance } from 'fastify'
import { createStatusLinkRepository } from '../enrollment/status-link-repository.js'
import type { PeriodicJob } from '../scheduler/scheduler.js'

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
  app: FastifyInstance,
  options: StatusLinkPurgeOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  const links = createStatusLinkRepository(app.database.db)
  return {
    name: 'status-link-purge',
    everyMs: options.everyMs ?? 60 * 60_000,
    run: () => links.purgeExpired(),
    logAs: 'expired status links deleted',
  }
}
