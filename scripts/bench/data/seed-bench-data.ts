import { type Kysely, sql } from 'kysely'
import { createRepositories } from '../../../server/app-context.js'
import type { Database } from '../../../server/db/schema.js'
import type { DemoEnrollment } from '../../../server/demo-data/demo-enrollment.js'
import type { DemoDealer } from '../../../server/demo-data/synthetic-dealers.js'

/** Rows per INSERT (22 values a dealer row: far below PostgreSQL's 65,535 parameters). */
const BATCH_SIZE = 1000

export async function insertDirectory(
  db: Kysely<Database>,
  dealers: readonly DemoDealer[],
): Promise<number> {
  const rows = dealers.map(({ brand: _brand, areaCode: _areaCode, ...row }) => row)
  const result = await createRepositories(db).dealerDirectory.upsertMany(rows)
  return result.inserted + result.updated
}

/** Inserts enrollments with their dealer rows, a batch at a time; answers the dealer rows written. */
export async function insertEnrollments(
  db: Kysely<Database>,
  enrollments: Iterable<DemoEnrollment>,
): Promise<{ enrollments: number; dealerRows: number }> {
  const total = { enrollments: 0, dealerRows: 0 }
  let batch: DemoEnrollment[] = []
  const flush = async () => {
    if (batch.length === 0) return
    const written = await insertBatch(db, batch)
    total.enrollments += batch.length
    total.dealerRows += written
    batch = []
  }
  for (const item of enrollments) {
    batch.push(item)
    if (batch.length >= BATCH_SIZE / 4) await flush()
  }
  await flush()
  return total
}

async function insertBatch(db: Kysely<Database>, batch: DemoEnrollment[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('enrollments')
      .values(batch.map((item) => item.enrollment))
      .returning(['id', 'guid'])
      .execute()
    const idByGuid = new Map(inserted.map((row) => [row.guid, row.id]))
    const dealers = batch.flatMap(({ enrollment, dealers }) => {
      const enrollmentId = idByGuid.get(enrollment.guid)
      if (enrollmentId === undefined) throw new Error(`Enrollment ${enrollment.guid} not stored`)
      return dealers.map((dealer) => ({ ...dealer, enrollment_id: enrollmentId }))
    })
    for (let start = 0; start < dealers.length; start += BATCH_SIZE) {
      await trx
        .insertInto('enrollment_dealers')
        .values(dealers.slice(start, start + BATCH_SIZE))
        .execute()
    }
    return dealers.length
  })
}

/**
 * Each enrollment's history as the product writes it: submitted when created, and its status
 * when last changed (the dashboard reads last year's statuses from it).
 */
export async function insertHistory(
  db: Kysely<Database>,
  enrollments: readonly DemoEnrollment[],
): Promise<number> {
  const entries = enrollments.flatMap(({ enrollment }) => {
    const entry = (at: unknown, action: string, after: string) => ({
      enrollment_guid: enrollment.guid,
      year: enrollment.year,
      action,
      actor: 'bench',
      at: at as Date,
      status_before: null,
      status_after: after,
      changes: '[]',
    })
    const submitted = enrollment.type === 'Lma' ? 'Authorizing' : 'Approving'
    return [
      entry(enrollment.created_at, 'submitted', submitted),
      entry(enrollment.modified_at, 'updated', enrollment.status),
    ]
  })
  for (let start = 0; start < entries.length; start += BATCH_SIZE) {
    await db
      .insertInto('enrollment_history')
      .values(entries.slice(start, start + BATCH_SIZE))
      .execute()
  }
  return entries.length
}

/**
 * What autovacuum does on PostgreSQL after a bulk load (PGlite has none): the statistics, and
 * each new row marked visible to all. Without the vacuum the first statement to read a row
 * after the load marks it, writing its page again: the first read of 100,000 fresh dealer rows
 * wrote them all, a 1.6 to 1.9 s stall of the PGlite server in no job of its own, and the part of
 * the export's time that a year's data, written long before, never costs.
 */
export async function analyze(db: Kysely<Database>): Promise<void> {
  await sql`vacuum analyze`.execute(db)
}
