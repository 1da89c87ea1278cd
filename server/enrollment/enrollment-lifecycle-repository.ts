import { type Kysely, sql } from 'kysely'
import type { EnrollmentStatus } from '../../shared/domain/enrollment-choices.js'
import type { Database } from '../db/schema.js'

/** Status changes and deletion by administrators; callers pass their transaction. */
export function createEnrollmentLifecycleRepository() {
  return {
    /**
     * Locks the enrollment row until the transaction ends, so that two admin changes queue up;
     * answers its region as it is under the lock (whose enrollment it is), undefined when there
     * is no enrollment with this guid.
     */
    async lock(
      executor: Kysely<Database>,
      guid: string,
    ): Promise<{ regionId: number | null } | undefined> {
      const row = await executor
        .selectFrom('enrollments')
        .select('region_id')
        .where('guid', '=', guid)
        .forUpdate()
        .executeTakeFirst()
      return row && { regionId: row.region_id }
    },

    /**
     * Sets the status; bumps the version and the modification time. The decline reason the
     * status page shows is `sharedReason` for Declined and cleared for any other status
     * (docs/product.md#status-page).
     */
    async setStatus(
      executor: Kysely<Database>,
      id: string,
      status: EnrollmentStatus,
      sharedReason: string | null = null,
    ): Promise<void> {
      await executor
        .updateTable('enrollments')
        .set({
          status,
          shared_decline_reason: status === 'Declined' ? sharedReason : null,
          version: sql`version + 1`,
          modified_at: sql`now()`,
        })
        .where('id', '=', id)
        .execute()
    },

    /** The decline reason the office chose to show the enrollee; null when none is shown. */
    async sharedDeclineReason(executor: Kysely<Database>, id: string): Promise<string | null> {
      const row = await executor
        .selectFrom('enrollments')
        .select('shared_decline_reason')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.shared_decline_reason ?? null
    },

    /** An authorization request went out now: its reminders start over (docs/product.md#authorization-reminders). */
    async markAuthorizationRequested(executor: Kysely<Database>, id: string): Promise<void> {
      await executor
        .updateTable('enrollments')
        .set({ authorization_requested_at: sql`now()`, reminders_sent: 0, last_reminder_at: null })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Keeps the dealer rows it has now as the rows it was approved with (`approved_dealers`,
     * what the manifests ship while it is sent back), unless it already keeps some; or, with
     * `forget`, lets them go (approved again, or declined).
     */
    async keepApprovedDealers(
      executor: Kysely<Database>,
      id: string,
      options: { forget?: boolean } = {},
    ): Promise<void> {
      if (options.forget) {
        await executor
          .updateTable('enrollments')
          .set({ approved_dealers: null })
          .where('id', '=', id)
          .where('approved_dealers', 'is not', null)
          .execute()
        return
      }
      await sql`update enrollments e set approved_dealers = coalesce(
          (select jsonb_agg(jsonb_build_object('bac', d.bac, 'name', d.name, 'address', d.address,
            'city', d.city, 'state', d.state, 'postal', d.postal, 'country', d.country,
            'kitSize', d.kit_size, 'hispanic', d.hispanic, 'billing', d.billing) order by d.position)
           from enrollment_dealers d where d.enrollment_id = e.id), '[]'::jsonb)
        where e.id = ${id} and e.approved_dealers is null`.execute(executor)
    },

    /** Removes the enrollment; its dealer rows go with it (on delete cascade), its history stays. */
    async remove(executor: Kysely<Database>, id: string): Promise<void> {
      await executor.deleteFrom('enrollments').where('id', '=', id).execute()
    },
  }
}

export type EnrollmentLifecycleRepository = ReturnType<typeof createEnrollmentLifecycleRepository>
