import type { FastifyInstance } from 'fastify'
import type { ReceivedMail } from '../mail/dev-mailbox.js'

/**
 * The mail of an outbox row as the dev mailbox received it: delivers every due mail first, as
 * the worker would (drawing the mails whose link is minted when they are sent), so that a test
 * with the worker off reads what a recipient reads. Fails when the row was not sent (held back).
 */
export async function deliveredMail(
  app: FastifyInstance,
  outboxId: string | number,
): Promise<ReceivedMail> {
  await app.mail.deliverNow()
  const mail = app.mail.devMailbox
    ?.messages()
    .find((message) => message.outboxId === String(outboxId))
  if (!mail) throw new Error(`The outbox mail ${outboxId} was not delivered`)
  return mail
}
