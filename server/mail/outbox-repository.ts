import { type Kysely, sql } from 'kysely'
import type { MailKind } from '../../shared/domain/mail-kinds.js'
import { MAIL_KIND_WORDS } from '../../shared/format/mail-words.js'
import type {
  Database,
  MailAttachment,
  MailBudgetGroup,
  MailBudgetSpend,
  MailCompose,
} from '../db/schema.js'
import type { MailBudgetRepository } from './mail-budget-repository.js'
import { LEASE, mailFailedSql, mailNextAttemptSql, mailStatusSql } from './mail-state-sql.js'

/** The start of a withdrawn mail's last error (withdrawPending): Send Again refuses it. */
export const WITHDRAWN = 'Withdrawn: '

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
  /**
   * What the worker draws when it sends the mail, because it carries a link minted then: the
   * subject, html and text given here are placeholders until then (docs/security.md).
   */
  compose?: MailCompose
  /** The daily budget a mail a stranger caused spends when it is sent (mail-budget-repository.ts). */
  budget?: { group: MailBudgetGroup; client: string }
}

/**
 * A mail the worker draws when it sends it (`compose`): queued with its kind's words as its
 * subject and no text, so that the outbox never holds the link it will carry.
 */
export function drawnWhenSent(
  mail: Pick<OutgoingMail, 'kind' | 'recipient' | 'enrollmentGuid' | 'budget'> & {
    compose: MailCompose
  },
): OutgoingMail {
  return { ...mail, subject: MAIL_KIND_WORDS[mail.kind], html: '', text: '' }
}

export interface ClaimedMail
  extends Required<Omit<OutgoingMail, 'enrollmentGuid' | 'compose' | 'budget'>> {
  id: string
  attempts: number
  compose: MailCompose | null
  budget: MailBudgetSpend | null
  enrollment_guid: string | null
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
        compose: mail.compose ? JSON.stringify(mail.compose) : null,
        budget: mail.budget ? JSON.stringify(mail.budget) : null,
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
        await sql`insert into "outbox" (kind, recipient, subject, html, text, attachments, enrollment_guid, compose, budget)
        select ${row.kind}, ${row.recipient}, ${row.subject}, ${row.html}, ${row.text},
          ${row.attachments}::jsonb, ${guid}::uuid, ${row.compose}::jsonb, ${row.budget}::jsonb
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
        returning id, kind, recipient, subject, html, text, attachments, attempts, compose, budget,
          enrollment_guid`.execute(db)
      // In the order they were queued (an update's returning keeps no order): a later mail to an
      // address draws the link that stays live.
      return result.rows.sort((a, b) => Number(a.id) - Number(b.id))
    },

    /**
     * Spends the mail's daily budget once (a retry of a mail that spent it spends nothing): answers
     * false when the budget is spent, and the mail is then to be held back.
     */
    async spendBudget(mail: ClaimedMail, budgets: MailBudgetRepository): Promise<boolean> {
      const { budget } = mail
      if (!budget || budget.spent) return true
      return db.transaction().execute(async (trx) => {
        const within = await budgets.spend(trx, budget.group, mail.recipient, budget.client)
        if (within) {
          await trx
            .updateTable('outbox')
            .set({ budget: JSON.stringify({ ...budget, spent: true }) })
            .where('id', '=', mail.id)
            .execute()
        }
        return within
      })
    },

    /**
     * Holds the mail back for good (a budget spent, nothing left to send): not sent, not tried
     * again, `why` as its last error; the office may still send it again.
     */
    async markHeld(id: string, why: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({
          held_at: sql`now()`,
          last_error: why,
          claimed_at: null,
          next_attempt_at: sql`'infinity'::timestamptz`,
        })
        .where('id', '=', id)
        .execute()
    },

    /**
     * Holds back, in the caller's transaction, the enrollment's mails of `kinds` not sent yet:
     * the office's re-issue replaces the links they would carry. Answers how many.
     */
    async holdPending(
      executor: Kysely<Database>,
      guid: string,
      kinds: string[],
      why: string,
    ): Promise<number> {
      const result = await executor
        .updateTable('outbox')
        .set({
          held_at: sql`now()`,
          last_error: why,
          next_attempt_at: sql`'infinity'::timestamptz`,
        })
        .where('enrollment_guid', '=', guid)
        .where('kind', 'in', kinds)
        .where('sent_at', 'is', null)
        .where('held_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /**
     * Withdraws, in the caller's transaction, the enrollment's mails of `kinds` not sent yet: what
     * they say no longer holds (an invoice voided or replaced by a newer revision, an approval
     * undone by a decline). Held back for good: Send Again refuses them. Answers how many.
     */
    async withdrawPending(
      executor: Kysely<Database>,
      guid: string,
      kinds: string[],
      why: string,
    ): Promise<number> {
      const result = await executor
        .updateTable('outbox')
        .set({
          held_at: sql`now()`,
          last_error: `${WITHDRAWN}${why}`,
          next_attempt_at: sql`'infinity'::timestamptz`,
        })
        .where('enrollment_guid', '=', guid)
        .where('kind', 'in', kinds)
        .where('sent_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows)
    },

    /** Whether the mail was held back meanwhile (read in the caller's transaction). */
    async isHeld(executor: Kysely<Database>, id: string): Promise<boolean> {
      const row = await executor
        .selectFrom('outbox')
        .select('held_at')
        .where('id', '=', id)
        .executeTakeFirst()
      return row?.held_at != null
    },

    /** A drawn mail's subject, kept for the Mails panel (its text, with the link, is not). */
    async recordSubject(id: string, subject: string): Promise<void> {
      await db.updateTable('outbox').set({ subject }).where('id', '=', id).execute()
    },

    /**
     * Erases the text and attachments of the mails sent more than `days` ago, and deletes the
     * held mails about no enrollment (a "Lost the mail?" request for an unknown address) a day
     * after: answers how many rows changed.
     */
    async eraseOld(days: number): Promise<number> {
      const erased = await db
        .updateTable('outbox')
        .set({ html: '', text: '', attachments: '[]', body_erased_at: sql`now()` })
        .where('body_erased_at', 'is', null)
        .where('sent_at', '<', sql<Date>`now() - ${`${days} days`}::interval`)
        .executeTakeFirst()
      const deleted = await db
        .deleteFrom('outbox')
        .where('enrollment_guid', 'is', null)
        .where('held_at', '<', sql<Date>`now() - interval '1 day'`)
        .executeTakeFirst()
      return Number(erased.numUpdatedRows) + Number(deleted.numDeletedRows)
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
      return (
        executor
          .updateTable('outbox')
          // Sent again by the office, a held mail is sent whatever its budget.
          .set({
            attempts: 0,
            next_attempt_at: sql`now()`,
            claimed_at: null,
            held_at: null,
            budget: null,
          })
          .where('id', '=', mailId)
          .where('enrollment_guid', '=', guid)
          .where('sent_at', 'is', null)
          .where((eb) => eb.or([eb('attempts', '>', 0), eb('held_at', 'is not', null)]))
          // A withdrawn mail says what no longer holds: it is never sent again.
          .where((eb) =>
            eb.or([eb('last_error', 'is', null), eb('last_error', 'not like', `${WITHDRAWN}%`)]),
          )
          .where((eb) =>
            eb.or([
              eb('claimed_at', 'is', null),
              eb('claimed_at', '<=', sql<Date>`now() - ${LEASE}::interval`),
            ]),
          )
          .returning(['kind', 'recipient'])
          .executeTakeFirst()
      )
    },

    /**
     * What /metrics says of the outbox: the mails still tried, how long the oldest of them has
     * waited, and those given up on. Reads the unsent rows only (the partial index
     * outbox_pending_idx), which a draining outbox keeps few.
     */
    async figures(): Promise<{ pending: number; oldestPendingAgeSeconds: number; failed: number }> {
      const failed = mailFailedSql('o')
      const waiting = sql`not ${failed} and o.held_at is null`
      const result = await sql<{ pending: string; oldest: string | null; failed: string }>`
        select count(*) filter (where ${waiting}) as pending,
          extract(epoch from now() - min(o.created_at) filter (where ${waiting})) as oldest,
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
