import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import { type AttachmentRenderers, attachmentBytes } from './attachment-bytes.js'
import type { ClaimedMail, OutboxRepository } from './outbox-repository.js'

export interface MailWorkerOptions {
  /** What the worker uses of the outbox: it claims, marks and hands back mails. */
  outbox: Pick<OutboxRepository, 'claimDue' | 'markSent' | 'markFailed' | 'releaseClaims'>
  /** What the worker uses of nodemailer's transport. */
  transport: Pick<Transporter, 'sendMail'>
  from: string
  /** Draws the attachments that are drawn when the mail is sent (the invoice PDF). */
  renderers: AttachmentRenderers
  log: FastifyBaseLogger
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

  private async deliver(mail: ClaimedMail): Promise<void> {
    const { outbox, log } = this.options
    try {
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

  private async send(mail: ClaimedMail): Promise<void> {
    const { transport, from, renderers } = this.options
    await transport.sendMail({
      from,
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
