import { SMTPServer } from 'smtp-server'
import { freePort } from '../free-port.js'

export interface Delivery {
  from: string
  to: string[]
  messageId: string
  at: number
}

/**
 * A real SMTP server the test starts and stops on one fixed port: in 'accept' mode it records
 * every delivery, in 'refuse' mode it answers each recipient '451 try again later' (and records
 * the attempt). Stopped, nothing listens on the port.
 */
export class TestSmtpServer {
  readonly deliveries: Delivery[] = []
  readonly refusals: Array<{ to: string; at: number }> = []
  /** Milliseconds to hold each message before accepting it (to widen race windows). */
  acceptDelayMs = 0
  private mode: 'accept' | 'refuse' = 'accept'
  private server: SMTPServer | undefined

  private constructor(readonly port: number) {}

  static async create(): Promise<TestSmtpServer> {
    return new TestSmtpServer(await freePort())
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`
  }

  async start(mode: 'accept' | 'refuse'): Promise<void> {
    this.mode = mode
    if (this.server) return
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      closeTimeout: 200,
      disableReverseLookup: true,
      onRcptTo: (address, _session, callback) => {
        if (this.mode === 'accept') return callback()
        this.refusals.push({ to: address.address, at: Date.now() })
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8')
          setTimeout(() => {
            this.deliveries.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              messageId: /^Message-ID:\s*(.+)$/im.exec(raw)?.[1]?.trim() ?? '',
              at: Date.now(),
            })
            callback()
          }, this.acceptDelayMs)
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
  }

  /** Stops listening: connections to the port are refused until start() again. */
  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  deliveriesTo(recipient: string): Delivery[] {
    return this.deliveries.filter((delivery) => delivery.to.includes(recipient))
  }
}
