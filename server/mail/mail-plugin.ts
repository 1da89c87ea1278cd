import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import type { Transporter } from 'nodemailer'
import type { AttachmentRenderers } from './attachment-bytes.js'
import { devMailRoutes } from './dev-mail-routes.js'
import { DevMailbox } from './dev-mailbox.js'
import type { MailBudgetRepository } from './mail-budget-repository.js'
import { type MailComposers, MailWorker } from './mail-worker.js'
import type { OutboxRepository } from './outbox-repository.js'

export interface MailOptions {
  pollMs?: number
  retryBaseMs?: number
  /** Attempts before a mail is given up (failed); 15 unless a test says otherwise. */
  maxAttempts?: number
  sendTimeoutMs?: number
  /** Tests that inspect the outbox themselves turn the worker off. */
  worker?: boolean
}

/** The app's own part of the plugin's options: what the folders that own mail kinds give it. */
export interface MailPluginOptions extends MailOptions {
  /** The outbox and the daily budgets, of the app's context (server/app-context.ts). */
  outbox: OutboxRepository
  budgets: MailBudgetRepository
  attachmentRenderers: AttachmentRenderers
  /**
   * Draw the mails that carry a link minted when they are sent (status and draft links); asked
   * for when the first such mail is sent, once every plugin is registered.
   */
  composers: () => MailComposers
}

export interface MailService {
  outbox: OutboxRepository
  /** The daily budgets of the mails a stranger can cause (docs/security.md#capabilities). */
  budgets: MailBudgetRepository
  /** Asks the worker to deliver now; call after committing a change that enqueued mail. */
  kick(): void
  /** Delivers every due mail and answers when done, even with the worker off (tests). */
  deliverNow(): Promise<void>
  devMailbox: DevMailbox | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService
  }
}

/** A dead or stalling mail server fails a send in seconds, not the minutes nodemailer allows. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 }

const mailPlugin: FastifyPluginAsync<MailPluginOptions> = async (app, options) => {
  const { config } = app
  let devMailbox: DevMailbox | undefined
  if (!config.SMTP_URL) {
    // loadConfig requires SMTP_URL wherever the development aids must stay off.
    if (!config.devTools) throw new Error('The dev mailbox is off here: SMTP_URL is required')
    devMailbox = new DevMailbox()
    await app.register(devMailRoutes(devMailbox))
    app.log.info('dev mailbox: mail is kept in memory and shown at /dev/mail')
  }
  // The transport (and the dev mailbox's SMTP server) opens with the first mail to send:
  // nodemailer, smtp-server and postal-mime stay unloaded until then (docs/decisions.md).
  let transport: Promise<Transporter> | undefined
  const openTransport = () => {
    transport ??= createTransport(config.SMTP_URL, devMailbox).catch((error: unknown) => {
      transport = undefined
      throw error
    })
    return transport
  }
  const { outbox, budgets } = options
  const worker = new MailWorker({
    outbox,
    composers: () => options.composers(),
    budgets,
    transport: { sendMail: async (mail) => (await openTransport()).sendMail(mail) },
    from: config.MAIL_FROM,
    messageIdHost: new URL(config.PUBLIC_URL).hostname,
    renderers: options.attachmentRenderers,
    log: app.log,
    pollMs: options.pollMs,
    retryBaseMs: options.retryBaseMs,
    maxAttempts: options.maxAttempts,
    sendTimeoutMs: options.sendTimeoutMs,
  })
  app.decorate('mail', {
    outbox,
    budgets,
    kick: () => worker.kick(),
    deliverNow: () => worker.deliverNow(),
    devMailbox,
  })
  if (options.worker !== false) app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => {
    await worker.stop()
    const opened = await transport?.catch(() => undefined)
    opened?.close()
    await devMailbox?.close()
  })
}

async function createTransport(
  smtpUrl: string | undefined,
  devMailbox: DevMailbox | undefined,
): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer')
  if (smtpUrl) return nodemailer.createTransport({ url: smtpUrl, ...TIMEOUTS })
  if (!devMailbox) throw new Error('Neither SMTP_URL nor the dev mailbox is there to send mail')
  const port = await devMailbox.start()
  return nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    ...TIMEOUTS,
  })
}

export default fp(mailPlugin, { name: 'mail' })
