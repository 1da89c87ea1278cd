import type { Kysely, Transaction } from 'kysely'
import { erasedHistoryChange } from '../../shared/enrollment/retention.js'
import type { AuditRepository } from '../audit/audit-repository.js'
import type { Database } from '../db/schema.js'
import { erasedActor } from '../enrollment/representative-actor.js'
import {
  type ErasureDue,
  lockNotAvailable,
  type RetentionRepository,
} from './retention-repository.js'

/** Who the audit trail says erased: the schedule, not a person. */
export const RETENTION_ACTOR = 'Retention schedule'

/** Enrollments erased per transaction: each batch's locks and writes stay small. */
export const RETENTION_BATCH = 100

/**
 * How long, in all, a run's last look waits for the declined enrollments the batches skipped
 * because another transaction held them (an office action's, which lasts milliseconds).
 */
export const RETENTION_LOCK_WAIT_MS = 5000

/** At most this many skipped enrollments are come back to in one run; the next run sees the rest. */
const LEFT_MAX = 1000

/** The least a lock is waited for once the run's wait is spent (a lock_timeout of 0 is none). */
const LAST_WAIT_MS = 50

export interface RetentionRules {
  /** The current enrollment year (ENROLLMENT_YEAR). */
  year: number
  /** RETENTION_YEARS: erased are the years more than this many before `year`. */
  keptYears: number
  batchSize?: number
  /** RETENTION_LOCK_WAIT_MS unless a test says otherwise. */
  lockWaitMs?: number
}

/** What a run did: enrollments erased, and those still held by another transaction at its end. */
/** What the retention is handed: the part of the app's context it uses. */
export interface RetentionContext {
  db: Kysely<Database>
  retention: RetentionRepository
  audit: AuditRepository
}

export interface RetentionRun {
  erased: number
  stillLocked: number
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
 * fails.
 *
 * The batches skip a declined enrollment another transaction holds (SKIP LOCKED: two instances,
 * or an office action on it); the run then comes back to each such one, in a transaction of its
 * own that waits for its lock, for `lockWaitMs` in all, so that a row held for a moment is
 * erased by the same run. Those still held then are counted (`stillLocked`, in the audit entry
 * too), for the job to run again soon. Answers how many enrollments it erased, and those.
 */
export async function erasePersonalData(
  context: RetentionContext,
  rules: RetentionRules,
  keepGoing: () => boolean = () => true,
): Promise<RetentionRun> {
  const { db, retention, audit } = context
  const cutoff = retentionCutoff(rules)
  const batchSize = rules.batchSize ?? RETENTION_BATCH
  let erased = 0
  let stillLocked = 0
  try {
    let more = true
    while (more && keepGoing()) {
      const done = await db.transaction().execute(async (trx) => {
        const due = await retention.due(trx, cutoff, batchSize)
        await erase(trx, retention, due)
        return due.length
      })
      erased += done
      more = done >= batchSize
    }
    if (!more) {
      const deadline = Date.now() + (rules.lockWaitMs ?? RETENTION_LOCK_WAIT_MS)
      for (const id of await retention.declinedLeft(db, cutoff, LEFT_MAX)) {
        if (!keepGoing()) break
        try {
          erased += await db.transaction().execute(async (trx) => {
            const waitMs = Math.max(LAST_WAIT_MS, deadline - Date.now())
            const due = await retention.lockDeclined(trx, cutoff, id, waitMs)
            if (!due) return 0
            await erase(trx, retention, [due])
            return 1
          })
        } catch (error) {
          if (!lockNotAvailable(error)) throw error
          stillLocked++
        }
      }
    }
  } finally {
    await audit.record({
      actor: RETENTION_ACTOR,
      action: 'retention-erasure',
      year: rules.year,
      filters: {
        erasedBefore: cutoff,
        retentionYears: rules.keptYears,
        ...(stillLocked > 0 ? { stillLocked } : {}),
      },
      rows: erased,
    })
  }
  return { erased, stillLocked }
}

/** Erases these enrollments' personal data and its copies, in the caller's transaction. */
async function erase(
  trx: Transaction<Database>,
  retention: RetentionRepository,
  due: readonly ErasureDue[],
): Promise<void> {
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
}
