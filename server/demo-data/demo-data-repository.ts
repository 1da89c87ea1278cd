import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.js'

/** Serializes concurrent seeding by several instances starting together on one database. */
const LOCK_KEY = 0x504f_5344

/**
 * Takes the seeding's lock until the transaction ends, so that of several instances starting
 * together on one database one seeds and the others then find its data.
 */
export async function lockSeeding(trx: Kysely<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx)
}
