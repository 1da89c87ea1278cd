import type { Kysely } from 'kysely'
import { createAuditRepository } from './audit/audit-repository.js'
import { type Config, loadConfig } from './config/config.js'
import { createDashboardRepository } from './dashboard/dashboard-repository.js'
import type { Database } from './db/schema.js'
import { createDealerDirectoryRepository } from './dealer-directory/dealer-directory-repository.js'
import { createDraftRepository } from './draft/draft-repository.js'
import { createEnrollmentLifecycleRepository } from './enrollment/enrollment-lifecycle-repository.js'
import { createEnrollmentRepository } from './enrollment/enrollment-repository.js'
import { createHistoryRepository } from './enrollment/history-repository.js'
import { createSubmissionRepository } from './enrollment/submission-repository.js'
import { createEnrollmentListRepository } from './enrollment-list/enrollment-list-repository.js'
import { createInvoiceRepository } from './invoice/invoice-repository.js'
import { createMailBudgetRepository, type MailBudgetLimits } from './mail/mail-budget-repository.js'
import { createOutboxRepository } from './mail/outbox-repository.js'
import { createEnrollmentNoteRepository } from './office/enrollment-note-repository.js'
import { createNotReEnrolledRepository } from './re-enrollment/not-re-enrolled-repository.js'
import { createRegionRepository } from './region/region-repository.js'
import { createReminderRepository } from './reminders/reminder-repository.js'
import { createEnrollmentExportRepository } from './report/enrollment-export-repository.js'
import { createRetentionRepository } from './retention/retention-repository.js'
import { createScheduledJobRepository } from './scheduler/scheduled-job-repository.js'
import { createShipmentNoticeRepository } from './shipping/shipment-notice-repository.js'
import { createShippingRepository } from './shipping/shipping-repository.js'
import { createStatusLinkRepository } from './status-link/status-link-repository.js'
import { createLookupRepository } from './type-ahead/lookup-repository.js'

/**
 * The one place repositories are made (ARCHITECTURE.md#the-context): `app.ts` builds the app's
 * context once and hands it to every route, job and operation; the command-line entry points
 * (`rollover-cli.ts`, `import-dealers-cli.ts`, the demo data's seeding in `main.ts` and the
 * build's templates) call the same factory. `server/repository-factory.test.ts` fails on a
 * `create*Repository` call anywhere else in the product.
 */
export interface RepositoryOptions {
  /** The outbox drops demo enrollments' mail where it would reach a real mail server. */
  dropDemoMail?: boolean
  /** The daily mail budgets' limits (the configuration's MAIL_BUDGET_*). */
  mailBudgets?: MailBudgetLimits
}

/** Every repository, its queries run on `executor` (the database, or a transaction). */
function repositoriesOn(executor: Kysely<Database>) {
  return {
    audit: createAuditRepository(executor),
    dashboard: createDashboardRepository(executor),
    dealerDirectory: createDealerDirectoryRepository(executor),
    drafts: createDraftRepository(executor),
    enrollments: createEnrollmentRepository(executor),
    enrollmentExport: createEnrollmentExportRepository(executor),
    enrollmentList: createEnrollmentListRepository(executor),
    history: createHistoryRepository(executor),
    invoices: createInvoiceRepository(executor),
    lookups: createLookupRepository(executor),
    notes: createEnrollmentNoteRepository(executor),
    notReEnrolled: createNotReEnrolledRepository(executor),
    regions: createRegionRepository(executor),
    scheduledJobs: createScheduledJobRepository(executor),
    shipping: createShippingRepository(executor),
    shipmentNotices: createShipmentNoticeRepository(executor),
    statusLinks: createStatusLinkRepository(executor),
  }
}

/** The repositories whose every query takes its executor: one of each serves the database and any transaction. */
function executorFirst(options: RepositoryOptions, db: Kysely<Database>) {
  return {
    lifecycle: createEnrollmentLifecycleRepository(),
    submissions: createSubmissionRepository(),
    reminders: createReminderRepository(),
    retention: createRetentionRepository(),
    // One outbox: the hooks of its kinds (outbox.onSent) are registered on it.
    outbox: createOutboxRepository(db, { dropDemoMail: options.dropDemoMail ?? true }),
    mailBudgets: createMailBudgetRepository(
      // Without them (a command-line tool, which sends no mail): the configuration's defaults.
      options.mailBudgets ?? budgetLimits(loadConfig({})),
    ),
  }
}

export type BoundRepositories = ReturnType<typeof repositoriesOn> & ReturnType<typeof executorFirst>

export interface Repositories extends BoundRepositories {
  /** The same repositories, their queries run in the transaction `trx`. */
  within(trx: Kysely<Database>): BoundRepositories
}

/** Every repository on `db`, and `within(trx)` the same ones bound to a transaction. */
export function createRepositories(
  db: Kysely<Database>,
  options: RepositoryOptions = {},
): Repositories {
  const shared = executorFirst(options, db)
  return {
    ...repositoriesOn(db),
    ...shared,
    within: (trx) => ({ ...repositoriesOn(trx), ...shared }),
  }
}

/** What every operation is handed: the repositories, the database, the configuration, the mail worker's bell. */
export interface AppContext extends Repositories {
  db: Kysely<Database>
  config: Config
  /** Wakes the mail worker after a commit that enqueued mail. */
  mailQueued(): void
}

/** The repositories' options the configuration sets. */
export function repositoryOptions(config: Config): RepositoryOptions {
  return { dropDemoMail: Boolean(config.SMTP_URL), mailBudgets: budgetLimits(config) }
}

function budgetLimits(config: Config): MailBudgetLimits {
  return {
    perAddress: {
      'lost-link': config.MAIL_BUDGET_PER_ADDRESS,
      draft: config.MAIL_BUDGET_PER_ADDRESS,
      submission: config.MAIL_BUDGET_SUBMISSIONS_PER_ADDRESS,
    },
    perClient: config.MAIL_BUDGET_PER_CLIENT,
  }
}

/** The app's context (app.ts builds it once; a test may build one on a database of its own). */
export function createAppContext(
  db: Kysely<Database>,
  config: Config,
  mail: { kick(): void },
): AppContext {
  return {
    ...createRepositories(db, repositoryOptions(config)),
    db,
    config,
    mailQueued: () => mail.kick(),
  }
}
