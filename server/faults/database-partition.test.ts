import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hasPostgres } from '../test-support/faults/postgres.js'
import {
  failedCleanly,
  type ProxiedApp,
  startProxiedApp,
  submit,
  timed,
} from '../test-support/faults/proxied-app.js'
import { waitFor } from '../test-support/wait-for.js'

// A network partition: packets vanish, nothing is refused or reset, so only timeouts help.
describe.runIf(hasPostgres())('PostgreSQL behind a network partition', () => {
  let t: ProxiedApp
  beforeAll(async () => {
    t = await startProxiedApp()
  })
  afterAll(() => t?.close())

  it('requests answer 503 problems in bounded time, never hang; once it heals all recovers', async () => {
    // Several pooled connections exist when the partition starts.
    const before = await Promise.all(Array.from({ length: 6 }, () => submit(t.app)))
    expect(before.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201))

    t.proxy.blackhole()
    const answers = await Promise.all([
      timed(t.app, { url: '/readyz' }),
      ...Array.from({ length: 6 }, () => submit(t.app)),
      timed(t.app, { url: '/api/regions' }),
    ])
    for (const answer of answers) {
      expect(failedCleanly(answer), `${answer.ms} ms: ${answer.body}`).toBe(true)
    }

    // Healed for new connections only: the black-holed ones never answer again, as after a
    // failover or a lost NAT entry. The pool must drop them, not queue behind them.
    await t.proxy.restore()
    await waitFor(async () => (await t.app.inject('/readyz')).statusCode === 200 || undefined)
    const after = await Promise.all(Array.from({ length: 6 }, () => submit(t.app)))
    expect(after.map((answer) => answer.statusCode)).toEqual(Array(6).fill(201))
  })
})
