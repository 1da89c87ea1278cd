import { type Kysely, sql } from 'kysely'

/**
 * The decline reason the office chose to show the enrollee (docs/product.md#status-page): Decline
 * keeps its reason here only when the administrator ticked "Show this reason to the enrollee on
 * their status page"; every other change of status clears it, so the status page shows it only
 * while the enrollment is Declined. The history keeps every reason, shown or not.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments add column shared_decline_reason text`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table enrollments drop column shared_decline_reason`.execute(db)
}
