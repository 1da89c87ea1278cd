import type { AddressInfo } from 'node:net'
import type { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  id: number
  /** The outbox row the mail was sent from (its Message-ID names it), when it names one. */
  outboxId: string | undefined
  receivedAt: string
  from: string
  to: string[]
  subject: string
  html: string
  text: string
  attachments: Array<{ filename: string; contentType: string; size: number }>
}

const KEEP = 500

/**
 * A real SMTP server inside the process for development and tests: mail sent through it is
 * parsed and kept in memory, newest first, for the /dev/mail page.
 */
export class DevMailbox {
  private readonly received: ReceivedMail[] = []
  /** Each kept mail's attachment bytes, by mail id (not in `messages()`, which is JSON). */
  private readonly contents = new Map<number, Uint8Array[]>()
  private nextId = 1
  private server: SMTPServer | undefined

  /**
   * Listens on `port` (0: any free one) and answers it. smtp-server and postal-mime are loaded
   * here, so a process that never sends mail never loads them (docs/decisions.md).
   */
  async start(port = 0): Promise<number> {
    const { SMTPServer } = await import('smtp-server')
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      banner: 'Dealer Funded POS Program dev mailbox',
      logger: false,
      size: 20 * 1024 * 1024,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          this.store(
            Buffer.concat(chunks),
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          ).then(
            () => callback(),
            (error: Error) => callback(error),
          )
        })
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', () => resolve())
    })
    this.server = server
    return (server.server.address() as AddressInfo).port
  }

  async close(): Promise<void> {
    const { server } = this
    if (!server) return
    this.server = undefined
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  messages(): readonly ReceivedMail[] {
    return this.received
  }

  /** The bytes of a kept mail's attachment (its index in `attachments`). */
  attachmentContent(id: number, index: number): Uint8Array | undefined {
    return this.contents.get(id)?.[index]
  }

  private async store(raw: Buffer, to: string[]): Promise<void> {
    const { default: PostalMime } = await import('postal-mime')
    const parsed = await PostalMime.parse(raw)
    const id = this.nextId++
    this.contents.set(
      id,
      parsed.attachments.map((attachment) =>
        typeof attachment.content === 'string'
          ? Buffer.from(attachment.content)
          : new Uint8Array(attachment.content),
      ),
    )
    this.received.unshift({
      id,
      outboxId: /^<?outbox-(\d+)-/.exec(parsed.messageId ?? '')?.[1],
      receivedAt: new Date().toISOString(),
      from: parsed.from?.address ?? '',
      to,
      subject: parsed.subject ?? '',
      html: parsed.html ?? '',
      text: parsed.text ?? '',
      attachments: parsed.attachments.map((attachment) => ({
        filename: attachment.filename ?? 'attachment',
        contentType: attachment.mimeType,
        size:
          typeof attachment.content === 'string'
            ? attachment.content.length
            : attachment.content.byteLength,
      })),
    })
    for (const dropped of this.received.splice(KEEP)) this.contents.delete(dropped.id)
  }
}
