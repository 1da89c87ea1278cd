import type { FastifyBaseLogger } from 'fastify'
import type { Transporter } from 'nodemailer'
import type { OutboxRepository } from './outbox-repository.js'

export interface MailWorkerOptions {
  outbox: OutboxRepository
  transport: Transporter
  from: string
  log: FastifyBaseLogger
  /** How often the outbox is looked at when nothing wakes the worker. */
  pollMs?: number
  /** First retry delay; each further failure doubles it, up to an hour. */
  retryBaseMs?: number
  maxAttempts?: number
}

const BATCH = 10

/** Delivers the outbox over SMTP: at least once per mail, retried with back-off. */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<void> | undefined
  private again = false
  private stopped = true

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

  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await this.running
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer)
    this.timer = setTimeout(() => this.run(), ms)
    this.timer.unref()
  }

  private run(): void {
    this.running = this.deliverDue()
      .catch((error: unknown) =>
        this.options.log.warn({ err: error }, 'mail worker could not read the outbox'),
      )
      .finally(() => {
        this.running = undefined
        if (this.stopped) return
        const again = this.again
        this.again = false
        this.schedule(again ? 0 : (this.options.pollMs ?? 2000))
      })
  }

  private async deliverDue(): Promise<void> {
    for (;;) {
      const batch = await this.options.outbox.claimDue(BATCH)
      for (const mail of batch) await this.deliver(mail)
      if (batch.length < BATCH || this.stopped) return
    }
  }

  private async deliver(
    mail: Awaited<ReturnType<OutboxRepository['claimDue']>>[number],
  ): Promise<void> {
    const { outbox, transport, from, log } = this.options
    try {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: Buffer.from(attachment.content, 'base64'),
        })),
      })
      await outbox.markSent(mail.id)
      log.info({ mailId: mail.id, kind: mail.kind }, 'mail sent')
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
    }
  }
}
