import type { Kysely } from 'kysely'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import {
  createDealerDirectoryRepository,
  type DealerDirectoryRepository,
} from '../dealer-directory/dealer-directory-repository.js'
import { createDraftRepository, type DraftRepository } from '../draft/draft-repository.js'
import { createInvoiceRepository, type InvoiceRepository } from '../invoice/invoice-repository.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import { createRegionRepository, type RegionRepository } from '../region/region-repository.js'
import {
  createEnrollmentLifecycleRepository,
  type EnrollmentLifecycleRepository,
} from './enrollment-lifecycle-repository.js'
import { createEnrollmentRepository, type EnrollmentRepository } from './enrollment-repository.js'
import { createHistoryRepository, type HistoryRepository } from './history-repository.js'
import { createSubmissionRepository, type SubmissionRepository } from './submission-repository.js'

/**
 * What the enrollment operations are handed: the part of the app's one context they use
 * (server/app-context.ts builds it once, in app.ts, and makes every repository).
 */
export interface EnrollmentContext {
  db: Kysely<Database>
  config: Config
  enrollments: EnrollmentRepository
  lifecycle: EnrollmentLifecycleRepository
  /** A new enrollment's writes, dealer or LMA, in one statement. */
  submissions: SubmissionRepository
  history: HistoryRepository
  regions: RegionRepository
  invoices: InvoiceRepository
  drafts: DraftRepository
  outbox: OutboxRepository
  /** Wakes the mail worker after a commit that enqueued mail. */
  mailQueued(): void
  /** The repositories bound to a transaction, for those whose queries take no executor. */
  within(trx: Kysely<Database>): { dealerDirectory: DealerDirectoryRepository }
}

/**
 * Temporary, for server/re-enrollment/ alone until its routes take the app's context from
 * app.ts as every other folder's do (issue 37, item 3): the same repositories, made here.
 */
export function createEnrollmentContext(
  db: Kysely<Database>,
  config: Config,
  mail: { outbox: OutboxRepository; kick(): void },
): EnrollmentContext {
  return {
    db,
    config,
    enrollments: createEnrollmentRepository(db),
    lifecycle: createEnrollmentLifecycleRepository(),
    submissions: createSubmissionRepository(),
    history: createHistoryRepository(db),
    regions: createRegionRepository(db),
    invoices: createInvoiceRepository(db),
    drafts: createDraftRepository(db),
    outbox: mail.outbox,
    mailQueued: mail.kick,
    within: (trx) => ({ dealerDirectory: createDealerDirectoryRepository(trx) }),
  }
}
