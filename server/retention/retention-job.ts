import type { FastifyInstance } from 'fastify'
import type { PeriodicJob } from '../scheduler/scheduler.js'
import { erasePersonalData } from './erase-personal-data.js'

export interface RetentionOptions {
  /** How often the retention looks for personal data to erase; daily unless a test says otherwise. */
  everyMs?: number
  /** Tests turn the schedule off, or on where the test app leaves it off. */
  schedule?: boolean
  /** Enrollments erased per transaction (tests make it small to see several batches). */
  batchSize?: number
}

/**
 * Data retention on the schedule (docs/security.md#data-retention): the personal data of
 * enrollments declined or deleted more than RETENTION_YEARS before the enrollment year is
 * erased, once across instances (the scheduler's claim), each run recorded in the audit trail.
 */
export function retentionJob(
  app: FastifyInstance,
  options: RetentionOptions = {},
): PeriodicJob | undefined {
  if (options.schedule === false) return undefined
  const { config } = app
  const rules = {
    year: config.ENROLLMENT_YEAR,
    keptYears: config.RETENTION_YEARS,
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
  }
  return {
    name: 'data-retention',
    everyMs: options.everyMs ?? 24 * 60 * 60_000,
    run: (keepGoing) => erasePersonalData(app.database.db, rules, keepGoing),
    logAs: 'personal data of old declined and deleted enrollments erased',
  }
}
