import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { waitFor } from '../test-support/wait-for.js'
import { MailWorker, type MailWorkerOptions } from './mail-worker.js'
import type { ClaimedMail } from './outbox-repository.js'

const mail = (id: string): ClaimedMail => ({
  id,
  attempts: 1,
  kind: 'submission-receipt',
  recipient: `${id}@worker.example`,
  subject: 's',
  html: 'h',
  text: 't',
  attachments: [],
  compose: null,
  budget: null,
  enrollment_guid: null,
})

/** An outbox in memory whose database can be made to fail, and a transport that records. */
function fixture(due: ClaimedMail[]) {
  const state = { databaseDown: false, sent: [] as string[], marked: [] as string[] }
  const released: string[] = []
  const check = async () => {
    if (state.databaseDown) throw new Error('Connection terminated unexpectedly')
  }
  const outbox = {
    claimDue: async (limit: number) => {
      await check()
      return due.splice(0, limit)
    },
    markSent: async (id: string) => {
      await check()
      state.marked.push(id)
    },
    markFailed: async () => check(),
    spendBudget: async () => true,
    markHeld: async () => check(),
    recordSubject: async () => check(),
    releaseClaims: async (ids: string[]) => {
      released.push(...ids)
    },
  } satisfies MailWorkerOptions['outbox']
  let onSend = (_to: string) => {}
  const transport = {
    sendMail: async (message: { to: string }) => {
      state.sent.push(message.to)
      onSend(message.to)
    },
    close: () => {},
  }
  const worker = new MailWorker({
    outbox,
    transport: transport as never,
    from: 'pos@example.com',
    renderers: { 'invoice-pdf': async () => Buffer.alloc(0) },
    log: pino({ level: 'silent' }) as FastifyBaseLogger,
    pollMs: 10,
  })
  const afterSend = (callback: (to: string) => void) => {
    onSend = callback
  }
  return { state, released, worker, afterSend }
}

describe('MailWorker', () => {
  it('a mail sent while the database went away is recorded later, not sent again', async () => {
    const { state, worker, afterSend } = fixture([mail('a')])
    afterSend(() => {
      state.databaseDown = true // gone between the send and recording it
    })
    worker.start()
    await waitFor(() => (state.sent.length === 1 ? true : undefined))
    state.databaseDown = false
    await waitFor(() => (state.marked.includes('a') ? true : undefined))
    await worker.stop()
    expect(state.sent).toEqual(['a@worker.example'])
  })

  it('stopping hands the rest of the batch back to the outbox unsent', async () => {
    const { state, released, worker, afterSend } = fixture(['a', 'b', 'c'].map(mail))
    let stopping: Promise<void> | undefined
    afterSend(() => {
      stopping ??= worker.stop()
    })
    worker.start()
    await waitFor(() => (stopping ? true : undefined))
    await stopping
    expect(state.sent).toEqual(['a@worker.example'])
    expect(state.marked).toEqual(['a'])
    expect(released).toEqual(['b', 'c'])
  })
})
