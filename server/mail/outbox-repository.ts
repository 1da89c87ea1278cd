import { type Kysely, sql } from 'kysely'
import type { MailKind } from '../../shared/mail/mail-kinds.js'
import type { Database, MailAttachment } from '../db/schema.js'
import { LEASE, mailFailedSql, mailNextAttemptSql, mailStatusSql } from './mail-state-sql.js'

export interface OutgoingMail {
  /** One of the kinds the admin area has words for (shared/format/mail-words.ts). */
  kind: MailKind
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

/** A mail the relay took, as a hook of its kind sees it. */
export interface SentMail {
  id: string
  kind: string
  enrollmentGuid: string | null
}

/**
 * What the delivery of a mail of one kind means beyond the outbox (a reminder's history entry):
 * written in the transaction that marks the mail sent, so it happens once, when the mail is sent.
 */
export type SentHook = (executor: Kysely<Database>, mail: SentMail) => Promise<void>

export interface OutboxOptions {
  /**
   * Whether mail about a demo enrollment is dropped: whenever it would leave through a real mail
   * server (SMTP_URL), since its addresses are made up. The in-process dev mailbox keeps it, so
   * the demo's mails can be read there and reach nobody.
   */
  dropDemoMail?: boolean
}

export function createOutboxRepository(
  db: Kysely<Database>,
  { dropDemoMail = true }: OutboxOptions = {},
) {
  const sentHooks = new Map<string, SentHook>()
  return {
    /** Runs `hook` whenever a mail of `kind` is marked sent (one hook per kind). */
    onSent(kind: string, hook: SentHook): void {
      sentHooks.set(kind, hook)
    },

    /**
     * Adds a mail to the outbox; pass the transaction of the change that causes it. A mail about
     * a demo enrollment is not queued where it would reach a real mail server (`dropDemoMail`):
     * answers whether it was.
     */
    async enqueue(executor: Kysely<Database>, mail: OutgoingMail): Promise<boolean> {
      const row = {
        kind: mail.kind,
        recipient: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: JSON.stringify(mail.attachments ?? []),
        enrollment_guid: mail.enrollmentGuid ?? null,
      }
      const guid = mail.enrollmentGuid
      if (!dropDemoMail || !guid) {
        await executor.insertInto('outbox').values(row).execute()
        return true
      }
      // One statement on the submission's path: the row is inserted unless its enrollment is demo.
      // Written as Kysely writes its inserts ('insert into "outbox"'), as operators and the fault
      // tests find the outbox's writers in pg_stat_activity.
      const result =
        await sql`insert into "outbox" (kind, recipient, subject, html, text, attachments, enrollment_guid)
        select ${row.kind}, ${row.recipient}, ${row.subject}, ${row.html}, ${row.text},
          ${row.attachments}::jsonb, ${guid}::uuid
        where not exists (select 1 from enrollments where guid = ${guid}::uuid and demo)`.execute(
          executor,
        )
      return Number(result.numAffectedRows ?? 0) > 0
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

    /**
     * Records that the relay took the mail, with its kind's hook, once: a mail sent twice (at
     * least once delivery) keeps its first time and runs its hook once.
     */
    async markSent(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const sent = await trx
          .updateTable('outbox')
          .set({ sent_at: sql`now()`, last_error: null, claimed_at: null })
          .where('id', '=', id)
          .where('sent_at', 'is', null)
          .returning(['kind', 'enrollment_guid'])
          .executeTakeFirst()
        const hook = sent && sentHooks.get(sent.kind)
        if (hook) await hook(trx, { id, kind: sent.kind, enrollmentGuid: sent.enrollment_guid })
      })
    },

    /** The mails about an enrollment with their state (mail-state-sql.ts), oldest first. */
    listForEnrollment(guid: string) {
      return db
        .selectFrom('outbox as o')
        .select([
          'o.id',
          'o.kind',
          'o.recipient',
          'o.subject',
          'o.attempts',
          'o.last_error',
          'o.created_at',
          'o.sent_at',
          mailStatusSql('o').as('status'),
          mailNextAttemptSql('o').as('next_attempt_at'),
        ])
        .where('o.enrollment_guid', '=', guid)
        .orderBy('o.id')
        .execute()
    },

    /**
     * Makes a failed or retrying mail of the enrollment due now with a fresh count of attempts,
     * in one statement under the row's lock: a mail a worker holds within its lease, one already
     * sent or one not tried yet is left alone (undefined). Answers the mail's kind and recipient.
     */
    sendAgain(
      executor: Kysely<Database>,
      guid: string,
      mailId: string,
    ): Promise<{ kind: string; recipient: string } | undefined> {
      return executor
        .updateTable('outbox')
        .set({ attempts: 0, next_attempt_at: sql`now()`, claimed_at: null })
        .where('id', '=', mailId)
        .where('enrollment_guid', '=', guid)
        .where('sent_at', 'is', null)
        .where('attempts', '>', 0)
        .where((eb) =>
          eb.or([
            eb('claimed_at', 'is', null),
            eb('claimed_at', '<=', sql<Date>`now() - ${LEASE}::interval`),
          ]),
        )
        .returning(['kind', 'recipient'])
        .executeTakeFirst()
    },

    /**
     * What /metrics says of the outbox: the mails still tried, how long the oldest of them has
     * waited, and those given up on. Reads the unsent rows only (the partial index
     * outbox_pending_idx), which a draining outbox keeps few.
     */
    async figures(): Promise<{ pending: number; oldestPendingAgeSeconds: number; failed: number }> {
      const failed = mailFailedSql('o')
      const result = await sql<{ pending: string; oldest: string | null; failed: string }>`
        select count(*) filter (where not ${failed}) as pending,
          extract(epoch from now() - min(o.created_at) filter (where not ${failed})) as oldest,
          count(*) filter (where ${failed}) as failed
        from outbox o
        where o.sent_at is null`.execute(db)
      const row = result.rows[0]
      return {
        pending: Number(row?.pending ?? 0),
        oldestPendingAgeSeconds: Math.max(0, Number(row?.oldest ?? 0)),
        failed: Number(row?.failed ?? 0),
      }
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

export type OutboxRepository = ReturnType<typeof createOutboxRepository>
