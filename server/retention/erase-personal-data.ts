import type { Kysely } from 'kysely'
import { erasedHistoryChange } from '../../shared/enrollment/retention.js'
import { createAuditRepository } from '../audit/audit-repository.js'
import type { Database } from '../db/schema.js'
import { erasedActor } from '../enrollment/representative-actor.js'
import { createRetentionRepository } from './retention-repository.js'

/** Who the audit trail says erased: the schedule, not a person. */
export const RETENTION_ACTOR = 'Retention schedule'

/** Enrollments erased per transaction: each batch's locks and writes stay small. */
export const RETENTION_BATCH = 100

export interface RetentionRules {
  /** The current enrollment year (ENROLLMENT_YEAR). */
  year: number
  /** RETENTION_YEARS: erased are the years more than this many before `year`. */
  keptYears: number
  batchSize?: number
}

/** The first program year whose declined and deleted enrollments keep their personal data. */
export function retentionCutoff(rules: Pick<RetentionRules, 'year' | 'keptYears'>): number {
  return rules.year - rules.keptYears
}

/**
 * One run of the data retention (docs/security.md#data-retention): erases the personal data of
 * the enrollments declined or deleted of the program years before the cutoff, a batch per
 * transaction, while `keepGoing()` says so, and records the run in the audit trail with how
 * many it erased (a run that erased none is recorded too, so the trail shows it ran). A batch
 * that fails rolls back whole; the run then records what the batches before it erased, and
 * fails. Answers how many enrollments it erased.
 */
export async function erasePersonalData(
  db: Kysely<Database>,
  rules: RetentionRules,
  keepGoing: () => boolean = () => true,
): Promise<number> {
  const retention = createRetentionRepository()
  const cutoff = retentionCutoff(rules)
  const batchSize = rules.batchSize ?? RETENTION_BATCH
  let erased = 0
  try {
    while (keepGoing()) {
      const done = await db.transaction().execute(async (trx) => {
        const due = await retention.due(trx, cutoff, batchSize)
        const guids = due.map((each) => each.guid)
        await retention.eraseEnrollments(
          trx,
          due.flatMap((each) => (each.enrollmentId === null ? [] : [each.enrollmentId])),
        )
        for (const entry of await retention.historyToErase(trx, guids)) {
          await retention.eraseHistoryEntry(trx, {
            id: entry.id,
            actor: erasedActor(entry.actor),
            changes: entry.changes.map(erasedHistoryChange),
          })
        }
        await retention.deleteCopies(trx, guids)
        return due.length
      })
      erased += done
      if (done < batchSize) break
    }
  } finally {
    await createAuditRepository(db).record({
      actor: RETENTION_ACTOR,
      action: 'retention-erasure',
      year: rules.year,
      filters: { erasedBefore: cutoff, retentionYears: rules.keptYears },
      rows: erased,
    })
  }
  return erased
}
