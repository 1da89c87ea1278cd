import { type Kysely, sql } from 'kysely'
import type { EnrollmentScope } from '../../shared/auth/staff-role.js'
import { enrollmentScopeSql } from '../db/enrollment-scope-sql.js'
import type { Database } from '../db/schema.js'

export interface ReminderRules {
  /** Days after the last request (or reminder) before the next reminder. */
  afterDays: number
  /** Most reminders per request. */
  max: number
  /** Only the enrollment year can still be authorized. */
  year: number
}

export interface DueReminder {
  id: string
  guid: string
  requestedAt: Date
}

/** The enrollments waiting for their representative's authorization, and their reminders. */
export function createReminderRepository() {
  return {
    /**
     * Locks one enrollment whose reminder is due, skipping those another transaction holds (a
     * reminder being sent by another instance, an administrator's action under way); the
     * condition is checked again on the locked row, so a reminder counted meanwhile is not due.
     */
    async lockDue(
      executor: Kysely<Database>,
      rules: ReminderRules,
    ): Promise<DueReminder | undefined> {
      const row = await executor
        .selectFrom('enrollments')
        .select(['id', 'guid', 'authorization_requested_at'])
        .where('status', '=', 'Authorizing')
        .where('type', '=', 'Lma')
        .where('year', '=', rules.year)
        .where('authorization_requested_at', 'is not', null)
        .where('demo', '=', false)
        .where('reminders_sent', '<', rules.max)
        .where(
          sql<Date>`coalesce(last_reminder_at, authorization_requested_at)`,
          '<=',
          sql<Date>`now() - ${`${rules.afterDays} days`}::interval`,
        )
        .orderBy('authorization_requested_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()
      if (!row?.authorization_requested_at) return undefined
      return { id: row.id, guid: row.guid, requestedAt: new Date(row.authorization_requested_at) }
    },

    async markReminded(executor: Kysely<Database>, id: string): Promise<void> {
      await executor
        .updateTable('enrollments')
        .set({ reminders_sent: sql`reminders_sent + 1`, last_reminder_at: sql`now()` })
        .where('id', '=', id)
        .execute()
    },

    /** The enrollment's status now (a deleted enrollment has none). */
    async statusOf(executor: Kysely<Database>, guid: string): Promise<string | undefined> {
      const row = await executor
        .selectFrom('enrollments')
        .select('status')
        .where('guid', '=', guid)
        .executeTakeFirst()
      return row?.status
    },

    /** An enrollment's authorization request and reminders, if it is in the scope. */
    async authorizationOf(executor: Kysely<Database>, guid: string, scope: EnrollmentScope) {
      return executor
        .selectFrom('enrollments')
        .select(['type', 'authorization_requested_at', 'reminders_sent', 'last_reminder_at'])
        .where('guid', '=', guid)
        .where(enrollmentScopeSql(sql.ref('region_id'), scope))
        .executeTakeFirst()
    },
  }
}

export type ReminderRepository = ReturnType<typeof createReminderRepository>
