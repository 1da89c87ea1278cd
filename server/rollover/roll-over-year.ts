import { randomUUID } from 'node:crypto'
import type { Kysely } from 'kysely'
import { bacKey } from '../../shared/enrollment/bac-key.js'
import type { Database } from '../db/schema.js'
import type { EnrollmentLifecycleRepository } from '../enrollment/enrollment-lifecycle-repository.js'
import type { StoredEnrollment } from '../enrollment/enrollment-mapping.js'
import type { EnrollmentRepository } from '../enrollment/enrollment-repository.js'
import type { HistoryRepository } from '../enrollment/history-repository.js'
import { uniqueViolation } from '../enrollment/unique-violation.js'

/** What the rollover is handed: the app's context, or the command's repositories. */
export interface RolloverContext {
  db: Kysely<Database>
  enrollments: EnrollmentRepository
  history: HistoryRepository
  lifecycle: EnrollmentLifecycleRepository
}

export interface RolloverResult {
  from: number
  to: number
  /** Enrollments created in the new year. */
  created: number
  /** Approved enrollments not copied: their dealer or LMA already has one in the new year. */
  skipped: number
}

/**
 * Automatic re-enrollment (docs/product.md#rollover): every Approved enrollment of `to - 1` is copied into
 * `to` as Approving, unless its BAC or LMA already has an enrollment there. LMA rows whose BAC
 * is taken are left out. Safe to run twice: the second run finds everything taken.
 */
export async function rollOverYear(
  context: RolloverContext,
  to: number,
  actor: string,
): Promise<RolloverResult> {
  const result: RolloverResult = { from: to - 1, to, created: 0, skipped: 0 }
  const { db, enrollments, history, lifecycle } = context
  const sources = await enrollments.approvedOfYear(to - 1)
  for (const { guid, demo } of sources) {
    const copied = await db
      .transaction()
      .execute(async (trx) => {
        // Locked and read again: an administrator may have declined or deleted it since the list.
        if (!(await lifecycle.lock(trx, guid))) return false
        const source = await enrollments.findByGuid(guid, trx)
        if (source?.status !== 'Approved') return false
        const dealers = await freeDealers(trx, enrollments, source, to)
        if (dealers.length === 0) return false
        if (
          source.lma &&
          (await enrollments.lmaNameTaken(trx, {
            brand: source.brand,
            year: to,
            name: source.lma.name,
          }))
        ) {
          return false
        }
        const copy = await enrollments.insert(trx, {
          guid: randomUUID(),
          year: to,
          brand: source.brand,
          type: source.type,
          status: 'Approving',
          regionId: source.regionId,
          lma: source.lma,
          dealers,
          demo,
        })
        await history.record(trx, {
          guid: copy.guid,
          action: 'rolled over',
          actor,
          statusBefore: null,
          statusAfter: 'Approving',
          changes: [
            { field: 'source', before: null, after: `${source.year} enrollment ${source.guid}` },
          ],
        })
        return true
      })
      .catch((error: unknown) => {
        // Another rollover or a submission took the BAC or the LMA name meanwhile.
        if (uniqueViolation(error)) return false
        throw error
      })
    if (copied) result.created += 1
    else result.skipped += 1
  }
  return result
}

async function freeDealers(
  trx: Kysely<Database>,
  enrollments: EnrollmentRepository,
  source: StoredEnrollment,
  to: number,
) {
  const taken = await enrollments.takenBacs(trx, {
    brand: source.brand,
    year: to,
    bacs: source.dealers.map((dealer) => dealer.bac),
  })
  const free = source.dealers.filter((dealer) => !taken.has(bacKey(dealer.bac)))
  return source.type === 'Dealer' && free.length !== source.dealers.length ? [] : free
}
