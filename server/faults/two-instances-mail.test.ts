import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { type ClaimedMail, createOutboxRepository } from '../mail/outbox-repository.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { startFaultApp } from '../test-support/faults/fault-app.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { TestSmtpServer } from '../test-support/faults/test-smtp-server.js'
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const SENDERS = ['first@instance.example', 'second@instance.example']
const BURST = 40

describe.runIf(hasPostgres())('two server instances on one PostgreSQL', () => {
  let smtp: TestSmtpServer
  let database: TestDatabase
  let secondHandle: DatabaseHandle
  const apps: FastifyInstance[] = []
  beforeAll(async () => {
    smtp = await TestSmtpServer.create()
    await smtp.start('accept')
    smtp.acceptDelayMs = 5 // each send takes a moment, so both workers are busy at once
    database = await createTestDatabase('postgres')
    secondHandle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
    for (const [index, handle] of [database, secondHandle].entries()) {
      const env = { SMTP_URL: smtp.url, MAIL_FROM: SENDERS[index] ?? '', LOG_LEVEL: 'warn' }
      apps.push((await startFaultApp(handle, env, { pollMs: 2 })).app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await secondHandle?.close()
    await database?.close()
    await smtp?.stop()
  })

  it('each authorization mail of a burst of LMA submissions is delivered exactly once', async () => {
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        apps[n % 2]?.inject({
          method: 'POST',
          url: '/api/enrollments',
          payload: lmaEnrollment(1, {
            name: `Twin Instance LMA ${n}`,
            authEmailAddress: `rep-${n}@twin.example`,
          }),
        }),
      ),
    )
    expect(responses.map((response) => response?.statusCode)).toEqual(Array(BURST).fill(201))
    await waitFor(async () => {
      const { rows } = await sql<{ n: string }>`
        select count(*) as n from outbox where sent_at is null`.execute(database.db)
      return rows[0]?.n === '0' ? true : undefined
    }, 20_000)
    // Both workers stop (each finishes what it is sending): nothing is left to arrive late.
    for (const app of apps.splice(0)) await app.close()

    for (let n = 0; n < BURST; n++)
      expect(smtp.deliveriesTo(`rep-${n}@twin.example`)).toHaveLength(1)
    // Each submission also sends its submitter (the LMA's contact) a receipt.
    expect(smtp.deliveries).toHaveLength(2 * BURST)
    // Both instances' workers took part.
    expect(new Set(smtp.deliveries.map((delivery) => delivery.from))).toEqual(new Set(SENDERS))
  })
})

describe.runIf(hasPostgres())('two mail workers claiming at the same moment', () => {
  let database: TestDatabase
  let otherHandle: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    otherHandle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
  })
  afterAll(async () => {
    await otherHandle?.close()
    await database?.close()
  })

  it('a mail one worker has claimed is not claimed by the other', async () => {
    const outbox = createOutboxRepository(database.db)
    for (let n = 0; n < 15; n++) {
      const mail = { kind: 'submission-receipt' as const, subject: 's', html: 'h', text: 't' }
      await outbox.enqueue(database.db, { ...mail, recipient: `claim-${n}@race.example` })
    }
    let theirs: ClaimedMail[] | undefined
    let theirClaim: Promise<ClaimedMail[]> | undefined
    // One worker's claim is still in flight (its transaction open) when the other claims.
    const mine = await database.db.transaction().execute(async (trx) => {
      const claimed = await createOutboxRepository(trx).claimDue(10)
      theirClaim = createOutboxRepository(otherHandle.db).claimDue(10)
      theirClaim.then((rows) => {
        theirs = rows
      })
      // The other answers at once (it skips locked rows) or waits for this transaction's locks.
      await waitFor(
        async () => theirs ?? ((await countLockWaiters(database.url ?? '')) > 0 || undefined),
      )
      return claimed
    })
    theirs = await theirClaim
    expect(mine).toHaveLength(10)
    const mineIds = new Set(mine.map((mail) => mail.id))
    expect(theirs?.filter((mail) => mineIds.has(mail.id))).toEqual([])
    expect(theirs).toHaveLength(5)
  })
})
