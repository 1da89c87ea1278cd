import { type Insertable, type Kysely, sql } from 'kysely'
import type { Database, EnrollmentHistoryTable, HistoryChange } from '../db/schema.js'

export interface HistoryEntry {
  guid: string
  action: string
  actor: string
  statusBefore: string | null
  statusAfter: string | null
  changes?: HistoryChange[]
  /** Why, in the administrator's words; an empty reason is kept as none. */
  reason?: string | undefined
}

/** The history's action of the representative's authorization, and of an administrator's Re-authorize. */
export const AUTHORIZED_ACTION = 'authorized'
export const REAUTHORIZED_ACTION = 're-authorized'

/** The history's actions of the payment panel's Mark Paid and Mark Unpaid (office/invoice-payment.ts). */
export const PAID_ACTION = 'invoice marked paid'
export const UNPAID_ACTION = 'invoice marked unpaid'

/**
 * The program year of the enrollment `guid`, which every entry carries (migration 0018): its
 * row's, or, once it is deleted (Delete writes its entry after removing the row), its earlier
 * entries'. The retention job finds a deleted enrollment's history by it (server/retention/).
 */
function yearOf(guid: string) {
  return sql<number>`coalesce(
    (select e.year from enrollments e where e.guid = ${guid}),
    (select h.year from enrollment_history h where h.enrollment_guid = ${guid} limit 1))`
}

/** The audit trail of enrollments; it keeps no foreign key so that it outlives a delete. */
export function createHistoryRepository(db: Kysely<Database>) {
  return {
    /**
     * Writes an entry; call it holding the enrollment's row lock. The entry is stamped when it
     * is written (clock_timestamp()), not when its transaction began (now()): writers of one
     * enrollment queue on its lock, so the history reads in the order the changes committed
     * (docs/decisions.md, "History in commit order").
     */
    async record(executor: Kysely<Database>, entry: HistoryEntry): Promise<void> {
      await executor
        .insertInto('enrollment_history')
        .values({
          at: sql<Date>`clock_timestamp()`,
          enrollment_guid: entry.guid,
          action: entry.action,
          actor: entry.actor,
          status_before: entry.statusBefore,
          status_after: entry.statusAfter,
          changes: JSON.stringify(entry.changes ?? []),
          reason: entry.reason || null,
          year: yearOf(entry.guid),
        })
        .execute()
    },

    /**
     * Writes entries already written out as rows, each with its own time, many to a statement:
     * the past of demo data, written before anyone can see it (the seed's one transaction).
     */
    async insertRows(
      executor: Kysely<Database>,
      rows: Insertable<EnrollmentHistoryTable>[],
    ): Promise<void> {
      await executor.insertInto('enrollment_history').values(rows).execute()
    },

    /**
     * The newest entry that authorized the enrollment or asked for its authorization again,
     * in the order list() gives.
     */
    latestAuthorizationStep(guid: string) {
      return db
        .selectFrom('enrollment_history')
        .select(['action', 'actor', 'at', 'reason'])
        .where('enrollment_guid', '=', guid)
        .where('action', 'in', [AUTHORIZED_ACTION, REAUTHORIZED_ACTION])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
    },

    list(guid: string) {
      return db
        .selectFrom('enrollment_history')
        .selectAll()
        .where('enrollment_guid', '=', guid)
        .orderBy('at')
        .orderBy('id')
        .execute()
    },
  }
}

export type HistoryRepository = ReturnType<typeof createHistoryRepository>
