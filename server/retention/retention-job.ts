import type { FastifyInstance } from 'fastify'
import type { PeriodicJob } from '../scheduler/scheduler.js'
import { erasePersonalData, type RetentionContext } from './erase-personal-data.js'

export interface RetentionOptions {
  /** How often the retention looks for personal data to erase; daily unless a test says otherwise. */
  everyMs?: number
  /** Tests turn the schedule off, or on where the test app leaves it off. */
  schedule?: boolean
  /** Enrollments erased per transaction (tests make it small to see several batches). */
  batchSize?: number
  /** How long a run waits, in all, for rows other transactions hold (RETENTION_LOCK_WAIT_MS). */
  lockWaitMs?: number
}

/**
 * How soon a run that left an enrollment another transaction held runs again: within the hour,
 * not the next day, so its personal data is not kept a day longer.
 */
export const RETENTION_AGAIN_MS = 60 * 60_000

/**
 * Data retention on the schedule (docs/security.md#data-retention): the personal data of
 * enrollments declined or deleted more than RETENTION_YEARS before the enrollment year is
 * erased, once across instances (the scheduler's claim), each run recorded in the audit trail.
 */
export function retentionJob(
  app: FastifyInstance,
  context: RetentionContext,
  options: RetentionOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  const { config } = app
  const rules = {
    year: config.ENROLLMENT_YEAR,
    keptYears: config.RETENTION_YEARS,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.lockWaitMs !== undefined ? { lockWaitMs: options.lockWaitMs } : {}),
  }
  const everyMs = options.everyMs ?? 24 * 60 * 60_000
  return {
    name: 'data-retention',
    everyMs,
    run: async (keepGoing) => {
      const { erased, stillLocked } = await erasePersonalData(context, rules, keepGoing)
      if (stillLocked === 0) return erased
      app.log.warn(
        { job: 'data-retention', stillLocked, againInMs: RETENTION_AGAIN_MS },
        'enrollments due for erasure are held by other transactions: the retention runs again soon',
      )
      return { done: erased, againInMs: Math.min(RETENTION_AGAIN_MS, everyMs) }
    },
    logAs: 'personal data of old declined and deleted enrollments erased',
  }
}
