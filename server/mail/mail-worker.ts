import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { MailCompose } from '../db/schema.js'
import { type AttachmentRenderers, attachmentBytes } from './attachment-bytes.js'
import type { MailBudgetRepository } from './mail-budget-repository.js'
import type { ClaimedMail, OutboxRepository } from './outbox-repository.js'

/** A drawn mail's words, or why there is nothing to send (the mail is then held back). */
export type ComposedMail = { subject: string; html: string; text: string } | { held: string }

/**
 * How the worker draws each kind of mail it draws at sending time (the links minted then), given
 * by the folder that owns the link (app.ts wires them: status links are server/status-link/'s,
 * draft links server/draft/'s). Each mints in a transaction of its own that commits before the
 * mail leaves, so that the link opens by the time it arrives.
 */
export type MailComposers = {
  [Kind in MailCompose['kind']]: (
    compose: Extract<MailCompose, { kind: Kind }>,
    mail: Pick<ClaimedMail, 'id' | 'recipient'>,
  ) => Promise<ComposedMail>
}

/** The words a mail held back over its budget keeps as its last error. */
export const BUDGET_SPENT =
  'Held back: the daily budget of mails to this address (or from the client that caused it) is spent.'

export interface MailWorkerOptions {
  /** What the worker uses of the outbox: it claims, marks and hands back mails. */
  outbox: Pick<
    OutboxRepository,
    | 'claimDue'
    | 'markSent'
    | 'markFailed'
    | 'releaseClaims'
    | 'spendBudget'
    | 'markHeld'
    | 'recordSubject'
  >
  /** Draws the mails that carry a link minted when they are sent (asked for at the first such mail). */
  composers?: () => MailComposers
  /** The daily budgets the mails a stranger caused spend. */
  budgets?: MailBudgetRepository
  /** What the worker uses of nodemailer's transport. */
  transport: Pick<Transporter, 'sendMail'>
  from: string
  /** Draws the attachments that are drawn when the mail is sent (the invoice PDF). */
  renderers: AttachmentRenderers
  log: FastifyBaseLogger
  /** The host part of each mail's Message-ID (PUBLIC_URL's host). */
  messageIdHost?: string
  /** How often the outbox is looked at when nothing wakes the worker. */
  pollMs?: number
  /** First retry delay; each further failure doubles it, up to an hour. */
  retryBaseMs?: number
  maxAttempts?: number
  /** A send taking longer is abandoned and retried; well under the outbox lease (5 minutes). */
  sendTimeoutMs?: number
}

const BATCH = 10

/** Delivers the outbox over SMTP: at least once per mail, retried with back-off. */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = true
  /** Sent, but the outbox could not be told (the database was away): told before anything else. */
  private readonly sentUnmarked = new Set<string>()
  private outboxUnreachable = false
  private composers: MailComposers | undefined

  constructor(private readonly options: MailWorkerOptions) {}

  start(): void {
    this.stopped = false
    this.schedule(0)
  }

  /** Looks at the outbox now (after a change enqueued a mail). */
  kick(): void {
    if (this.stopped) return
    if (this.running) {
      this.again = true
      return
    }
    this.schedule(0)
  }

  /**
   * Delivers every due mail now and answers when done, whether or not the worker runs (a test
   * that turned the worker off sends what it queued, as the worker would).
   */
  async deliverNow(): Promise<void> {
    await this.running
    const stopped = this.stopped
    this.stopped = false
    try {
      await this.deliverDue()
    } finally {
      this.stopped = stopped
    }
  }

  /** Finishes the mail being sent, hands the rest of its batch back to the outbox, and stops. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
    for (const id of this.sentUnmarked) {
      // If this fails too, the mail is sent again once its lease ends: at least once.
      await this.options.outbox.markSent(id).catch((error: unknown) => {
        this.options.log.error({ err: error, mailId: id }, 'a sent mail could not be recorded')
      })
    }
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.run(), ms)
    this.timer.unref()
  }

  private run(): void {
    this.running = this.deliverDue()
      .then(() => this.noteOutbox(true))
      .catch((error: unknown) => this.noteOutbox(false, error))
      .finally(() => {
        this.running = undefined
        if (this.stopped) return
        const again = this.again
        this.again = false
        this.schedule(again ? 0 : (this.options.pollMs ?? 2000))
      })
  }

  private async deliverDue(): Promise<void> {
    const { outbox } = this.options
    for (const id of this.sentUnmarked) {
      await outbox.markSent(id)
      this.sentUnmarked.delete(id)
    }
    while (!this.stopped) {
      const batch = await outbox.claimDue(BATCH)
      for (const [index, mail] of batch.entries()) {
        if (this.stopped) {
          await outbox.releaseClaims(batch.slice(index).map((rest) => rest.id))
          return
        }
        await this.deliver(mail)
      }
      if (batch.length < BATCH) return
    }
  }

  private async deliver(claimed: ClaimedMail): Promise<void> {
    const { outbox, log } = this.options
    let mail = claimed
    try {
      const { budgets } = this.options
      if (budgets && !(await outbox.spendBudget(mail, budgets))) {
        await outbox.markHeld(mail.id, BUDGET_SPENT)
        log.info({ mailId: mail.id, kind: mail.kind }, 'mail held back: its budget is spent')
        return
      }
      if (mail.compose) {
        const composed = await this.compose(mail, mail.compose)
        if ('held' in composed) {
          await outbox.markHeld(mail.id, composed.held)
          log.info({ mailId: mail.id, kind: mail.kind }, 'mail held back: nothing to send')
          return
        }
        if (composed.subject !== mail.subject) await outbox.recordSubject(mail.id, composed.subject)
        mail = { ...mail, ...composed }
      }
      await this.send(mail)
    } catch (error) {
      const maxAttempts = this.options.maxAttempts ?? 15
      const base = this.options.retryBaseMs ?? 10_000
      const retryIn =
        mail.attempts >= maxAttempts ? null : Math.min(base * 2 ** (mail.attempts - 1), 3_600_000)
      const message = error instanceof Error ? error.message : String(error)
      log.warn(
        { mailId: mail.id, attempts: mail.attempts, retryInMs: retryIn, error: message },
        'mail not sent',
      )
      await outbox.markFailed(mail.id, message, retryIn)
      return
    }
    // Sent: a failure to record it must not count as a failed send (that would send it again).
    this.sentUnmarked.add(mail.id)
    await outbox.markSent(mail.id)
    this.sentUnmarked.delete(mail.id)
    log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent')
  }

  private compose(mail: ClaimedMail, compose: MailCompose): Promise<ComposedMail> {
    this.composers ??= this.options.composers?.()
    const composers = this.composers
    if (!composers) throw new Error(`No composer draws mails of kind ${compose.kind}`)
    // Each kind's composer takes its own kind of description.
    const composer = composers[compose.kind] as (
      compose: MailCompose,
      mail: Pick<ClaimedMail, 'id' | 'recipient'>,
    ) => Promise<ComposedMail>
    return composer(compose, mail)
  }

  private async send(mail: ClaimedMail): Promise<void> {
    const { transport, from, renderers } = this.options
    await transport.sendMail({
      from,
      // One id per attempt: a mail drawn again (a new link) must not be taken for a duplicate.
      messageId: `<outbox-${mail.id}-${mail.attempts}@${this.options.messageIdHost ?? 'localhost'}>`,
      to: mail.recipient,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: await Promise.all(
        mail.attachments.map(async (attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: await attachmentBytes(attachment, renderers),
        })),
      ),
      signal: AbortSignal.timeout(this.options.sendTimeoutMs ?? 120_000),
    })
  }

  /** Logs the first failure to reach the outbox (each later one at debug) and the recovery. */
  private noteOutbox(reached: boolean, error?: unknown): void {
    const { log } = this.options
    if (reached && this.outboxUnreachable) log.info('mail worker reaches the outbox again')
    if (!reached && this.outboxUnreachable) {
      log.debug({ err: error }, 'mail worker still cannot reach the outbox')
    }
    if (!reached && !this.outboxUnreachable) {
      log.warn({ err: error }, 'mail worker cannot reach the outbox; it keeps trying')
    }
    this.outboxUnreachable = !reached
  }
}
