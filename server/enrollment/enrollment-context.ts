import type { Kysely } from 'kysely'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import { createRegionRepository } from '../region/region-repository.js'
import { createDealerSubmissionRepository } from './dealer-submission-repository.js'
import { createEnrollmentLifecycleRepository } from './enrollment-lifecycle-repository.js'
import { createEnrollmentListRepository } from './enrollment-list-repository.js'
import { createEnrollmentRepository } from './enrollment-repository.js'
import { createHistoryRepository } from './history-repository.js'
import { createStatusLinkRepository } from './status-link-repository.js'

/** What the enrollment operations need; built once per app. */
export interface EnrollmentContext {
  db: Kysely<Database>
  config: Config
  enrollments: ReturnType<typeof createEnrollmentRepository>
  list: ReturnType<typeof createEnrollmentListRepository>
  lifecycle: ReturnType<typeof createEnrollmentLifecycleRepository>
  /** A new dealer enrollment's writes in one statement. */
  dealerSubmissions: ReturnType<typeof createDealerSubmissionRepository>
  history: ReturnType<typeof createHistoryRepository>
  regions: ReturnType<typeof createRegionRepository>
  /** The enrollee's status links (the receipt carries one). */
  statusLinks: ReturnType<typeof createStatusLinkRepository>
  outbox: OutboxRepository
  /** Wakes the mail worker after a commit that enqueued mail. */
  mailQueued(): void
}

export function createEnrollmentContext(
  db: Kysely<Database>,
  config: Config,
  mail: { outbox: OutboxRepository; kick(): void },
): EnrollmentContext {
  return {
    db,
    config,
    enrollments: createEnrollmentRepository(db),
    list: createEnrollmentListRepository(db),
    lifecycle: createEnrollmentLifecycleRepository(),
    dealerSubmissions: createDealerSubmissionRepository(),
    history: createHistoryRepository(db),
    regions: createRegionRepository(db),
    statusLinks: createStatusLinkRepository(db),
    outbox: mail.outbox,
    mailQueued: mail.kick,
  }
}
