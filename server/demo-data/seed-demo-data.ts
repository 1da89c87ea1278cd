import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'
import type { DealerDirectoryRepository } from '../dealer-directory/dealer-directory-repository.js'
import type { EnrollmentRepository } from '../enrollment/enrollment-repository.js'
import type { HistoryRepository } from '../enrollment/history-repository.js'
import type { InvoiceRepository } from '../invoice/invoice-repository.js'
import { issueInvoice } from '../invoice/issue-invoice.js'
import type { RegionRepository } from '../region/region-repository.js'
import type { ShippingRepository } from '../shipping/shipping-repository.js'
import { lockSeeding } from './demo-data-repository.js'
import type { DemoEnrollment } from './demo-enrollment.js'
import { type DemoDataOptions, generateDemoData } from './generate-demo-data.js'

/** The repositories the seed writes through, bound to its transaction. */
export interface DemoDataRepositories {
  enrollments: EnrollmentRepository
  dealerDirectory: DealerDirectoryRepository
  regions: RegionRepository
  invoices: InvoiceRepository
  history: HistoryRepository
  shipping: ShippingRepository
}

/** What the seed is handed: the app's repositories (server/app-context.ts) on `db`. */
export interface DemoDataContext {
  db: Kysely<Database>
  within(trx: Kysely<Database>): DemoDataRepositories
}

export interface SeedDemoDataOptions extends DemoDataOptions {
  /** Remit-to lines of the invoices issued for the approved demo LMAs. */
  remitTo?: string[]
}

export type SeedDemoDataResult =
  | { seeded: false; reason: string }
  | {
      seeded: true
      year: number
      dealers: number
      enrollments: number
      enrollmentDealers: number
      /** Sales events, of last year and this year. */
      events: number
    }

/** Rows per INSERT statement (22 values a dealer row: far below PostgreSQL's parameter limit). */
const BATCH_SIZE = 500

/**
 * Fills an untouched database with demo data (see generateDemoData): only when it has no
 * enrollments and an empty dealer directory, so it never mixes with real data and a second run
 * does nothing. All-or-nothing, in one transaction (unless `context.db` already is one).
 */
export async function seedDemoData(
  context: DemoDataContext,
  options: SeedDemoDataOptions,
): Promise<SeedDemoDataResult> {
  const { db } = context
  const run = async (trx: Kysely<Database>): Promise<SeedDemoDataResult> => {
    await lockSeeding(trx)
    const repositories = context.within(trx)
    if (await repositories.enrollments.any(trx)) {
      return { seeded: false, reason: 'the database already has enrollments' }
    }
    const directory = repositories.dealerDirectory
    if ((await directory.count()) > 0) {
      return { seeded: false, reason: 'the dealer directory is not empty' }
    }
    const regions = await repositories.regions.list()
    const data = generateDemoData(options, regions)
    await directory.upsertMany(data.directory)
    const enrollmentDealers = await insertEnrollments(trx, repositories, data.enrollments)
    await recordHistory(trx, repositories, data.enrollments)
    await invoiceApprovedLmas(trx, repositories, data.enrollments, options)
    // Through the shipping repository, with the demo's repeatable guids.
    await repositories.shipping.insertEventsWithGuids(data.events)
    return {
      seeded: true,
      year: options.year - 1,
      dealers: data.directory.length,
      enrollments: data.enrollments.length,
      enrollmentDealers,
      events: data.events.length,
    }
  }
  return db.isTransaction ? run(db) : db.transaction().execute(run)
}

async function insertEnrollments(
  db: Kysely<Database>,
  { enrollments: repository }: DemoDataRepositories,
  enrollments: readonly DemoEnrollment[],
): Promise<number> {
  const idByGuid = new Map<string, string>()
  for (const batch of batches(enrollments.map((item) => item.enrollment))) {
    const inserted = await repository.insertRows(
      db,
      batch.map((enrollment) => ({ ...enrollment, demo: true })),
    )
    for (const row of inserted) idByGuid.set(row.guid, row.id)
  }
  const dealers = enrollments.flatMap(({ enrollment, dealers }) => {
    const enrollmentId = idByGuid.get(enrollment.guid)
    if (enrollmentId === undefined) throw new Error(`Enrollment ${enrollment.guid} was not stored`)
    return dealers.map((dealer) => ({ ...dealer, enrollment_id: enrollmentId }))
  })
  for (const batch of batches(dealers)) await repository.insertDealerRows(db, batch)
  return dealers.length
}

/** An approved LMA has an invoice, as if it had been approved through the admin area. */
async function invoiceApprovedLmas(
  trx: Kysely<Database>,
  { enrollments: repository, invoices }: DemoDataRepositories,
  enrollments: readonly DemoEnrollment[],
  options: SeedDemoDataOptions,
): Promise<void> {
  const approved = enrollments.filter(
    ({ enrollment }) => enrollment.type === 'Lma' && enrollment.status === 'Approved',
  )
  for (const { enrollment } of approved) {
    const stored = await repository.findByGuid(enrollment.guid, trx)
    if (!stored) continue
    await issueInvoice(
      invoices,
      trx,
      { BRANDS: [...options.brands], REMIT_TO: options.remitTo ?? [] },
      stored,
      'bill',
      new Date(stored.modified),
    )
    // Issued when it was approved, so that the dashboard sees last year's money come in; last
    // year's invoices were paid 15 to 74 days after their date (this year's are not yet).
    await invoices.backdate(trx, stored.guid, {
      issuedAt: stored.modified,
      paidOn: stored.year < options.year ? paidOn(stored.modified, stored.guid) : null,
    })
  }
}

/** A payment day 15 to 74 days after `issued`, the same for the same enrollment. */
function paidOn(issued: string, guid: string): string {
  const days = 15 + (Number.parseInt(guid.slice(0, 8), 16) % 60)
  return new Date(new Date(issued).getTime() + days * 24 * 3600 * 1000).toISOString().slice(0, 10)
}

/**
 * Each demo enrollment's history: submitted when it was created, and approved (after an LMA's
 * authorization) or declined when it last changed, so that the dashboard can tell how last
 * year stood on any day of its program.
 */
async function recordHistory(
  trx: Kysely<Database>,
  { history }: DemoDataRepositories,
  enrollments: readonly DemoEnrollment[],
): Promise<void> {
  const entries = enrollments.flatMap(({ enrollment }) => {
    const lma = enrollment.type === 'Lma'
    const final = enrollment.status
    const submitted = lma ? 'Authorizing' : final === 'Declined' ? 'Declined' : 'Approving'
    const entry = (at: unknown, action: string, before: string | null, after: string) => ({
      enrollment_guid: enrollment.guid,
      year: enrollment.year,
      action,
      actor: 'demo data',
      at: at as Date,
      status_before: before,
      status_after: after,
      changes: '[]',
    })
    const history = [entry(enrollment.created_at, 'submitted', null, submitted)]
    const modified = enrollment.modified_at
    if (lma && final !== 'Authorizing') {
      const authorized = new Date(
        (new Date(enrollment.created_at as Date).getTime() + new Date(modified as Date).getTime()) /
          2,
      )
      history.push(entry(authorized, 'authorized', 'Authorizing', 'Approving'))
    }
    if (final === 'Approved') history.push(entry(modified, 'approved', 'Approving', 'Approved'))
    return history
  })
  for (const batch of batches(entries)) await history.insertRows(trx, batch)
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH_SIZE) {
    yield items.slice(start, start + BATCH_SIZE)
  }
}
