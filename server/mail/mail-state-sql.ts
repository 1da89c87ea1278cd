import { type RawBuilder, sql } from 'kysely'
import type { MailStatus } from '../../shared/domain/mail-statuses.js'

/** How long a claimed mail stays invisible to other workers while it is being sent. */
export const LEASE = '5 minutes'

/**
 * The one definition of a mail's state, read from its outbox row (aliased `alias` in the query),
 * so that the detail dialog's Mails panel and the list's "A mail failed" filter always agree
 * (docs/product.md#office-workflow).
 */
const column = (alias: string, name: string) => sql.ref(`${alias}.${name}`)

/** The worker gave up on the mail: not sent and due at infinity (markFailed without a retry). */
export function mailFailedSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'sent_at')} is null
    and ${column(alias, 'next_attempt_at')} = 'infinity'::timestamptz
    and ${column(alias, 'held_at')} is null)`
}

/** The worker held the mail back (a daily budget spent, nothing left to send): not a failure. */
export function mailHeldSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${column(alias, 'sent_at')} is null and ${column(alias, 'held_at')} is not null)`
}

/**
 * Sent; held back (see mailHeldSql); failed (see mailFailedSql); sending (claimed by a worker
 * within the lease); retrying (tried and due again); queued (not tried yet).
 */
export function mailStatusSql(alias: string): RawBuilder<MailStatus> {
  const claimedAt = column(alias, 'claimed_at')
  return sql<MailStatus>`case
    when ${column(alias, 'sent_at')} is not null then 'sent'
    when ${mailHeldSql(alias)} then 'held'
    when ${mailFailedSql(alias)} then 'failed'
    when ${claimedAt} is not null and ${claimedAt} > now() - ${LEASE}::interval then 'sending'
    when ${column(alias, 'attempts')} > 0 then 'retrying'
    else 'queued' end`
}

/** When the mail is next tried: none once it is sent or failed. */
export function mailNextAttemptSql(alias: string): RawBuilder<Date | null> {
  return sql<Date | null>`case when ${column(alias, 'sent_at')} is not null
    or ${mailFailedSql(alias)} or ${mailHeldSql(alias)} then null else ${column(alias, 'next_attempt_at')} end`
}
