import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { TestSmtpServer } from '../test-support/faults/test-smtp-server.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

// Well above what one refused attempt costs (smtp-server waits 100 ms before its greeting), so
// the gaps between attempts show the back-off rather than the attempts themselves.
const RETRY_BASE_MS = 600
/** Timestamps are taken by a busy event loop; CI machines are loaded. */
const JITTER_MS = 150

describe.each(testDatabaseKinds())('the SMTP server down for a while, on %s', (kind) => {
  let smtp: TestSmtpServer
  let t: TestApp
  beforeAll(async () => {
    smtp = await TestSmtpServer.create()
    t = await createTestApp(
      kind,
      { SMTP_URL: smtp.url },
      { mail: { pollMs: 20, retryBaseMs: RETRY_BASE_MS } },
    )
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.stop()
  })

  const submitLma = async (n: number): Promise<string> => {
    const recipient = `rep-${n}@smtp-outage.example`
    const body = lmaEnrollment(2, { name: `SMTP Outage LMA ${n}`, authEmailAddress: recipient })
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    return recipient
  }
  const outbox = () =>
    t.database.db.selectFrom('outbox').select(['recipient', 'sent_at', 'last_error']).execute()
  const refusalTimes = (recipient: string) =>
    smtp.refusals.filter((refusal) => refusal.to === recipient).map((refusal) => refusal.at)

  it('submissions succeed, mails are retried with back-off and each is delivered once when it returns', async () => {
    // Refusing: the server answers every recipient '451 try again later'.
    await smtp.start('refuse')
    const early = await submitLma(1)
    await waitFor(() => (refusalTimes(early).length >= 3 ? true : undefined))
    const [first = 0, second = 0, third = 0] = refusalTimes(early)
    // Each retry waits retryBaseMs, then twice that: a constant delay would fail the second.
    expect(second - first).toBeGreaterThanOrEqual(RETRY_BASE_MS - JITTER_MS)
    expect(third - second).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - JITTER_MS)

    // Not listening at all: submissions still succeed, every mail fails once more. Each
    // submission queued two: the representative's authorization request and the receipt.
    await smtp.stop()
    const late = await Promise.all([2, 3, 4, 5].map(submitLma))
    await waitFor(async () => {
      const mails = await outbox()
      const refused = (mail: (typeof mails)[number]) => /ECONNREFUSED/.test(mail.last_error ?? '')
      return mails.length === 10 && mails.every((mail) => !mail.sent_at && refused(mail))
        ? true
        : undefined
    })
    expect(smtp.deliveries).toHaveLength(0)

    // Back: each mail is delivered exactly once and marked sent.
    await smtp.start('accept')
    await waitFor(async () => ((await outbox()).every((mail) => mail.sent_at) ? true : undefined))
    await t.app.close() // the worker stops: nothing more can be sent
    for (const to of [early, ...late]) expect(smtp.deliveriesTo(to)).toHaveLength(1)
    expect(smtp.deliveries).toHaveLength(10)
    expect(new Set(smtp.deliveries.map((delivery) => delivery.messageId)).size).toBe(10)
  })
})
