import type { Kysely } from 'kysely'
import type { Config } from '../config/config.js'
import type { Database } from '../db/schema.js'
import type { DealerDirectoryRepository } from '../dealer-directory/dealer-directory-repository.js'
import type { DraftRepository } from '../draft/draft-repository.js'
import type { InvoiceRepository } from '../invoice/invoice-repository.js'
import type { OutboxRepository } from '../mail/outbox-repository.js'
import type { RegionRepository } from '../region/region-repository.js'
import type { EnrollmentLifecycleRepository } from './enrollment-lifecycle-repository.js'
import type { EnrollmentRepository } from './enrollment-repository.js'
import type { HistoryRepository } from './history-repository.js'
import type { SubmissionRepository } from './submission-repository.js'

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
