import type { FastifyPluginAsync } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer, { type Transporter } from 'nodemailer'
import { devMailRoutes } from './dev-mail-routes.js'
import { DevMailbox } from './dev-mailbox.js'
import { MailWorker } from './mail-worker.js'
import { createOutboxRepository, type OutboxRepository } from './outbox-repository.js'

export interface MailOptions {
  pollMs?: number
  retryBaseMs?: number
  sendTimeoutMs?: number
  /** Tests that inspect the outbox themselves turn the worker off. */
  worker?: boolean
}

export interface MailService {
  outbox: OutboxRepository
  /** Asks the worker to deliver now; call after committing a change that enqueued mail. */
  kick(): void
  devMailbox: DevMailbox | undefined
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService
  }
}

/** A dead or stalling mail server fails a send in seconds, not the minutes nodemailer allows. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 }

const mailPlugin: FastifyPluginAsync<MailOptions> = async (app, options) => {
  const { config } = app
  let devMailbox: DevMailbox | undefined
  let transport: Transporter
  if (config.SMTP_URL) {
    transport = nodemailer.createTransport({ url: config.SMTP_URL, ...TIMEOUTS })
  } else {
    // loadConfig requires SMTP_URL wherever the development aids must stay off.
    if (!config.devTools) throw new Error('The dev mailbox is off here: SMTP_URL is required')
    devMailbox = new DevMailbox()
    const port = await devMailbox.start()
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      ...TIMEOUTS,
    })
    await app.register(devMailRoutes(devMailbox))
    app.log.info({ port }, 'dev mailbox: mail is kept in memory and shown at /dev/mail')
  }
  const outbox = createOutboxRepository(app.database.db)
  const worker = new MailWorker({
    outbox,
    transport,
    from: config.MAIL_FROM,
    log: app.log,
    pollMs: options.pollMs,
    retryBaseMs: options.retryBaseMs,
    sendTimeoutMs: options.sendTimeoutMs,
  })
  app.decorate('mail', { outbox, kick: () => worker.kick(), devMailbox })
  if (options.worker !== false) app.addHook('onReady', async () => worker.start())
  app.addHook('onClose', async () => {
    await worker.stop()
    transport.close()
    await devMailbox?.close()
  })
}

export default fp(mailPlugin, { name: 'mail' })
