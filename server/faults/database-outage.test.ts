import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOutboxRepository } from '../mail/outbox-repository.js'
import { hasPostgres, terminateBackends } from '../test-support/faults/postgres.js'
import {
  failedCleanly,
  type ProxiedApp,
  startProxiedApp,
  submit,
  timed,
} from '../test-support/faults/proxied-app.js'
import { waitFor } from '../test-support/wait-for.js'

describe.runIf(hasPostgres())('the PostgreSQL connection lost and back', () => {
  let t: ProxiedApp
  beforeAll(async () => {
    t = await startProxiedApp()
  })
  afterAll(() => t?.close())

  const ready = async () => (await t.app.inject('/readyz')).statusCode === 200 || undefined
  const logged = (msg: string) => t.logs.filter((line) => line.msg === msg).length

  it('backends terminated during a burst: each request succeeds or fails cleanly, then all succeed', async () => {
    expect((await submit(t.app)).statusCode).toBe(201)
    let answered = 0
    const burst = Array.from({ length: 30 }, () =>
      submit(t.app).finally(() => {
        answered += 1
      }),
    )
    await waitFor(() => (answered >= 3 ? true : undefined))
    expect(await terminateBackends(t.direct.url ?? '')).toBeGreaterThan(0)
    const answers = await Promise.all(burst)
    for (const answer of answers) {
      expect(answer.statusCode === 201 || failedCleanly(answer), answer.body).toBe(true)
    }
    // Every 201 is stored; no restart is needed for the next requests.
    const references = answers
      .filter((a) => a.statusCode === 201)
      .map((a) => JSON.parse(a.body).reference)
    const stored = await t.direct.db
      .selectFrom('enrollments')
      .select('reference')
      .where('reference', 'in', references)
      .execute()
    expect(stored).toHaveLength(references.length)
    await waitFor(ready)
    expect((await submit(t.app)).statusCode).toBe(201)
  })

  it('unreachable: /readyz and requests answer 503 problems in bounded time; back: all recovers', async () => {
    await t.proxy.cut()
    const readiness = await timed(t.app, { url: '/readyz' })
    expect(failedCleanly(readiness), readiness.body).toBe(true)
    const answers = await Promise.all([
      submit(t.app),
      submit(t.app),
      timed(t.app, { url: '/api/enrollments/7b0fd9b2-3f4e-4b8e-9c39-1c2d3e4f5a6b' }),
      timed(t.app, { url: '/api/regions' }),
    ])
    for (const answer of answers) expect(failedCleanly(answer), answer.body).toBe(true)

    // The mail worker says so once and keeps looking (at debug level) while nothing wakes it.
    await waitFor(() =>
      logged('mail worker still cannot reach the outbox') >= 3 ? true : undefined,
    )
    expect(logged('mail worker cannot reach the outbox; it keeps trying')).toBe(1)
    // A mail appears in the outbox meanwhile, written by another instance.
    const mail = {
      kind: 'submission-receipt' as const,
      subject: 'Queued elsewhere',
      html: '<p>x</p>',
      text: 'x',
    }
    const recipient = 'queued-elsewhere@outage.example'
    await createOutboxRepository(t.direct.db).enqueue(t.direct.db, { ...mail, recipient })

    await t.proxy.restore()
    await waitFor(ready)
    expect((await submit(t.app)).statusCode).toBe(201)
    const inbox = () => t.app.mail.devMailbox?.messages() ?? []
    await waitFor(() => inbox().find((message) => message.to.includes(recipient)))
    await waitFor(() => (logged('mail worker reaches the outbox again') ? true : undefined))
    expect(logged('mail worker cannot reach the outbox; it keeps trying')).toBe(1)
  })
})
