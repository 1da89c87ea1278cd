import { type Kysely, sql } from 'kysely'
import type { Database, MailAttachment } from '../db/schema.js'

export interface OutgoingMail {
  kind: string
  recipient: string
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
  /** The enrollment the mail is about; its detail dialog lists the mail. */
  enrollmentGuid?: string
}

export interface ClaimedMail extends Required<Omit<OutgoingMail, 'enrollmentGuid'>> {
  id: string
  attempts: number
}

/** How long a claimed mail stays invisible to other workers while it is being sent. */
export const LEASE = '5 minutes'

export function createOutboxRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds a mail to the outbox; pass the transaction of the change that causes it. A mail about
     * a demo enrollment is never queued (its addresses are made up): answers whether it was.
     */
    async enqueue(executor: Kysely<Database>, mail: OutgoingMail): Promise<boolean> {
      if (mail.enrollmentGuid && (await isDemo(executor, mail.enrollmentGuid))) return false
      await executor
        .insertInto('outbox')
        .values({
          kind: mail.kind,
          recipient: mail.recipient,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          attachments: JSON.stringify(mail.attachments ?? []),
          enrollment_guid: mail.enrollmentGuid ?? null,
        })
        .execute()
      return true
    },

    /** Takes up to `limit` due mails; SKIP LOCKED and the lease keep two workers off one mail. */
    async claimDue(limit: number): Promise<ClaimedMail[]> {
      const result = await sql<ClaimedMail>`
        update outbox
        set attempts = attempts + 1, next_attempt_at = now() + ${LEASE}::interval, claimed_at = now()
        where id in (
          select id from outbox
          where sent_at is null and next_attempt_at <= now()
          order by id
          limit ${limit}
          for update skip locked
        )
        returning id, kind, recipient, subject, html, text, attachments, attempts`.execute(db)
      return result.rows
    },

    /** Hands claimed mails back unsent (the worker is stopping): due now, the attempt not counted. */
    async releaseClaims(ids: string[]): Promise<void> {
      if (ids.length === 0) return
      await db
        .updateTable('outbox')
        .set({ attempts: sql`attempts - 1`, next_attempt_at: sql`now()`, claimed_at: null })
        .where('id', 'in', ids)
        .where('sent_at', 'is', null)
        .execute()
    },

    async markSent(id: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ sent_at: sql`now()`, last_error: null, claimed_at: null })
        .where('id', '=', id)
        .execute()
    },

    async markFailed(id: string, error: string, retryInMs: number | null): Promise<void> {
      await db
        .updateTable('outbox')
        .set({
          last_error: error.slice(0, 1000),
          claimed_at: null,
          next_attempt_at:
            retryInMs === null
              ? sql`'infinity'::timestamptz`
              : sql`now() + ${`${Math.round(retryInMs)} milliseconds`}::interval`,
        })
        .where('id', '=', id)
        .execute()
    },
  }
}

async function isDemo(executor: Kysely<Database>, guid: string): Promise<boolean> {
  const row = await executor
    .selectFrom('enrollments')
    .select('demo')
    .where('guid', '=', guid)
    .executeTakeFirst()
  return row?.demo === true
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
