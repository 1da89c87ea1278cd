import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import type { Database } from '../db/schema.js'
import type { StoredEnrollment } from '../enrollment/enrollment-mapping.js'

export type WireEnrollment = Omit<StoredEnrollment, 'id'>

interface Target {
  app: FastifyInstance
  database: { db: Kysely<Database> }
}

/**
 * Submits through the public API and answers the enrollment as GET /api/enrollments/{guid}
 * shows it. The submit's answer carries no guid (only the mailed link does), so the test finds
 * it the way an administrator would: by the receipt's reference.
 */
export async function submittedEnrollment(
  target: Target,
  body: Enrollment,
): Promise<WireEnrollment> {
  const response = await target.app.inject({
    method: 'POST',
    url: '/api/enrollments',
    payload: body,
  })
  if (response.statusCode !== 201) {
    throw new Error(`Submission answered ${response.statusCode}: ${response.body}`)
  }
  return loadByReceipt(target, response.json())
}

/** The stored enrollment a 201 receipt names. */
export async function loadByReceipt(
  target: Target,
  receipt: { reference: string },
): Promise<WireEnrollment> {
  const row = await target.database.db
    .selectFrom('enrollments')
    .select('guid')
    .where('reference', '=', receipt.reference)
    .executeTakeFirstOrThrow()
  const loaded = await target.app.inject(`/api/enrollments/${row.guid}`)
  return loaded.json()
}
