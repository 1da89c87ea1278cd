import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { LOST_LINK_ANSWER } from '../../shared/enrollment/status-page-schema.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { clientKey } from '../rate-limit/client-key.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { startFaultApp } from '../test-support/faults/fault-app.js'
import { hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../test-support/test-database.js'
import { addressHash } from './mail-budget-repository.js'
import { BUDGET_SPENT } from './mail-worker.js'

const TOKEN_IN_MAIL = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/

/** A form's values as a draft takes them. */
function draftValues(enrollment: Enrollment) {
  const { status: _status, guid: _guid, ...values } = enrollment
  return values
}

/** What a client can compare of two answers: the status, the body and the headers that describe it. */
function answerOf(response: LightMyRequestResponse) {
  const { date: _date, 'x-request-id': _id, ...headers } = response.headers
  const stable = Object.fromEntries(
    Object.entries(headers).filter(([name]) => !name.startsWith('x-ratelimit')),
  )
  return { status: response.statusCode, body: response.body, headers: stable }
}

type Db = AdminTestApp['database']['db']

/** The outbox rows of `kind` to `recipient`, oldest first. */
function rowsTo(db: Db, kind: string, recipient: string) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('kind', '=', kind)
    .where('recipient', '=', recipient)
    .orderBy('id')
    .execute()
}

/** Which of the rows were sent ('sent'), held back ('held', with why) or neither ('waiting'). */
function fates(rows: Array<{ sent_at: Date | null; held_at: Date | null }>) {
  return rows.map((row) => (row.sent_at ? 'sent' : row.held_at ? 'held' : 'waiting'))
}

/** The mails the dev mailbox received for `recipient`. */
function received(app: FastifyInstance, recipient: string) {
  return (app.mail.devMailbox?.messages() ?? []).filter((mail) => mail.to.includes(recipient))
}

async function budgetCount(db: Db, key: string): Promise<number> {
  const row = await db
    .selectFrom('mail_budgets')
    .select('count')
    .where('key', '=', key)
    .where('day', '=', sql<string>`(now() at time zone 'UTC')::date`)
    .executeTakeFirst()
  return Number(row?.count ?? 0)
}

/**
 * The daily mail budgets (docs/security.md#capabilities): a mail a stranger can cause is spent
 * against its recipient's budget of its group and its client's budget when the worker sends it;
 * over either it is held back, and the request that caused it is answered as ever.
 */
describe.each(testDatabaseKinds())('the daily mail budgets per address on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { MAIL_BUDGET_PER_ADDRESS: '3', MAIL_BUDGET_SUBMISSIONS_PER_ADDRESS: '2' },
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
  })
  afterAll(() => t.close())

  let names = 0
  /** An LMA whose representative is `rep`, its own mails delivered. */
  async function knownAddress(rep: string) {
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(1, { name: `Budget Dealers ${++names}`, authEmailAddress: rep }),
    )
    await t.app.mail.deliverNow()
    return stored
  }
  const askLostLinks = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email },
      remoteAddress,
    })
  const linkCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('status_links')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('four "Lost the mail?" requests for one address in a day: four alike 202s, three mails, the fourth held', async () => {
    const rep = 'four.asks@budget.example'
    await knownAddress(rep)
    const answers: LightMyRequestResponse[] = []
    for (let n = 0; n < 4; n++) answers.push(await askLostLinks(rep, '198.51.100.11'))
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202])
    expect(answers[0]?.json()).toEqual({ message: LOST_LINK_ANSWER })
    const first = answerOf(answers[0] as LightMyRequestResponse)
    for (const answer of answers) expect(answerOf(answer)).toEqual(first)

    await t.app.mail.deliverNow()
    const rows = await rowsTo(t.database.db, 'status-link', rep)
    expect(fates(rows)).toEqual(['sent', 'sent', 'sent', 'held'])
    expect(rows[3]?.last_error).toBe(BUDGET_SPENT)
    // A held mail spends nothing and is never tried again.
    expect(rows[3]?.budget).toMatchObject({ group: 'lost-link' })
    expect(rows[3]?.budget?.spent).toBeUndefined()
    const mails = received(t.app, rep).filter((mail) => TOKEN_IN_MAIL.test(mail.text))
    expect(mails).toHaveLength(3)
    expect(await budgetCount(t.database.db, `lost-link:address:${addressHash(rep)}`)).toBe(3)
    await t.app.mail.deliverNow()
    expect(fates(await rowsTo(t.database.db, 'status-link', rep))).toEqual(fates(rows))
  })

  it('an address is counted in any case: the budget of Four@ is the budget of four@', async () => {
    const rep = 'mixed.case@budget.example'
    await knownAddress(rep)
    for (const email of [rep, rep.toUpperCase(), 'Mixed.Case@budget.example', rep]) {
      expect((await askLostLinks(email, '198.51.100.12')).statusCode).toBe(202)
    }
    await t.app.mail.deliverNow()
    const rows = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'status-link')
      .where(sql<boolean>`lower(recipient) = ${rep}`)
      .orderBy('id')
      .execute()
    expect(fates(rows)).toEqual(['sent', 'sent', 'sent', 'held'])
  })

  it('"Lost the mail?" answers before any look-up: the link is minted only when the worker sends the mail', async () => {
    const rep = 'no.lookup@budget.example'
    await knownAddress(rep)
    const before = await linkCount()
    const known = await askLostLinks(rep, '198.51.100.13')
    const unknown = await askLostLinks('nobody.known@budget.example', '198.51.100.13')
    expect(known.statusCode).toBe(202)
    expect(answerOf(unknown)).toEqual(answerOf(known))
    // Nothing was looked up or minted: one queued row, not tried, no link.
    expect(await linkCount()).toBe(before)
    const [row, ...more] = await rowsTo(t.database.db, 'status-link', rep)
    expect(more).toEqual([])
    expect(row).toMatchObject({
      enrollment_guid: null,
      html: '',
      text: '',
      attempts: 0,
      sent_at: null,
      held_at: null,
      compose: { kind: 'lost-links', year: t.config.ENROLLMENT_YEAR },
      budget: { group: 'lost-link', client: clientKey('198.51.100.13') },
    })

    await t.app.mail.deliverNow()
    expect(await linkCount()).toBe(before + 1)
    const [sent] = await rowsTo(t.database.db, 'status-link', rep)
    expect(sent?.sent_at).not.toBeNull()
    expect(sent?.budget).toMatchObject({ group: 'lost-link', spent: true })
    const [mail] = received(t.app, rep).filter((each) => TOKEN_IN_MAIL.test(each.text))
    const token = TOKEN_IN_MAIL.exec(mail?.text ?? '')?.[1] as string
    expect((await t.app.inject(`/api/status/${token}`)).statusCode).toBe(200)
  })

  it('four new drafts to one address are all saved; three links are mailed, the fourth held, and it still opens by its token', async () => {
    const email = 'four.drafts@budget.example'
    const saves: LightMyRequestResponse[] = []
    for (let n = 0; n < 4; n++) {
      saves.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/drafts',
          payload: {
            email,
            values: draftValues(dealerEnrollment({ name: `Budget Motors ${n}` })),
          },
          remoteAddress: '198.51.100.14',
        }),
      )
    }
    expect(saves.map((save) => save.statusCode)).toEqual([201, 201, 201, 201])
    expect(saves.map((save) => save.json().mailed)).toEqual([true, true, true, true])

    await t.app.mail.deliverNow()
    const rows = await rowsTo(t.database.db, 'draft-link', email)
    expect(fates(rows)).toEqual(['sent', 'sent', 'sent', 'held'])
    expect(rows[3]?.last_error).toBe(BUDGET_SPENT)
    expect(received(t.app, email)).toHaveLength(3)

    const held = saves[3]?.json().token as string
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/drafts?${new URLSearchParams({ draft: held, brand: 'chevy', form: 'dealer' })}`,
    })
    expect(opened.statusCode).toBe(200)
    expect(opened.json().values.dealers[0].name).toBe('Budget Motors 3')
  })

  it('three dealer submissions naming one representative: three 201s, two receipts, the third held until the office sends it again', async () => {
    const rep = 'same.rep@budget.example'
    const references: string[] = []
    for (let n = 0; n < 3; n++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        payload: dealerEnrollment({ name: `Same Rep Motors ${n}`, authEmailAddress: rep }),
        remoteAddress: '198.51.100.15',
      })
      expect(response.statusCode, response.body).toBe(201)
      references.push(response.json().reference)
    }
    await t.app.mail.deliverNow()
    const rows = await rowsTo(t.database.db, 'submission-receipt', rep)
    expect(fates(rows)).toEqual(['sent', 'sent', 'held'])
    const held = rows[2]
    expect(held?.last_error).toBe(BUDGET_SPENT)
    expect(received(t.app, rep)).toHaveLength(2)
    const guid = held?.enrollment_guid as string
    const enrollment = await t.database.db
      .selectFrom('enrollments')
      .select('reference')
      .where('guid', '=', guid)
      .executeTakeFirstOrThrow()
    expect(enrollment.reference).toBe(references[2])

    // The office sees it held, and sends it again: it leaves whatever the budget.
    const listed = await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/mails` })
    expect(listed.statusCode).toBe(200)
    const listedMail = listed.json().find((mail: { id: string }) => mail.id === String(held?.id))
    expect(listedMail).toMatchObject({ kind: 'submission-receipt', sentAt: null })
    expect(listedMail.lastError).toBe(BUDGET_SPENT)
    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guid}/mails/${held?.id}/send-again`,
    })
    expect(again.statusCode, again.body).toBe(200)
    await t.app.mail.deliverNow()
    const after = await rowsTo(t.database.db, 'submission-receipt', rep)
    expect(fates(after)).toEqual(['sent', 'sent', 'sent'])
    const mails = received(t.app, rep)
    expect(mails).toHaveLength(3)
    expect(mails.some((mail) => mail.outboxId === String(held?.id))).toBe(true)
    expect(mails.find((mail) => mail.outboxId === String(held?.id))?.text).toContain(references[2])
  })
})

describe.each(testDatabaseKinds())('the daily mail budget per client on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { MAIL_BUDGET_PER_CLIENT: '2' },
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
  })
  afterAll(() => t.close())

  const saveDraft = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/drafts',
      payload: { email, values: draftValues(dealerEnrollment()) },
      remoteAddress,
    })

  it('a client’s third mail of the day to a third address is held; another client’s is sent', async () => {
    const addresses = ['one@client.example', 'two@client.example', 'three@client.example']
    for (const email of addresses) {
      expect((await saveDraft(email, '203.0.113.21')).statusCode).toBe(201)
    }
    expect((await saveDraft('four@client.example', '203.0.113.22')).statusCode).toBe(201)
    await t.app.mail.deliverNow()
    const rows = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'draft-link')
      .orderBy('id')
      .execute()
    expect(rows.map((row) => [row.recipient, fates([row])[0]])).toEqual([
      ['one@client.example', 'sent'],
      ['two@client.example', 'sent'],
      ['three@client.example', 'held'],
      ['four@client.example', 'sent'],
    ])
    expect(rows[2]?.last_error).toBe(BUDGET_SPENT)
    expect(await budgetCount(t.database.db, `client:${clientKey('203.0.113.21')}`)).toBe(2)
    // The address's count taken before the client's was found spent is given back.
    expect(
      await budgetCount(t.database.db, `draft:address:${addressHash('three@client.example')}`),
    ).toBe(0)
  })

  it('every group counts against one client budget: a receipt, a draft, then a "Lost the mail?"', async () => {
    const client = '203.0.113.23'
    const rep = 'mixed.groups@client.example'
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: dealerEnrollment({ name: 'Mixed Groups Motors', authEmailAddress: rep }),
      remoteAddress: client,
    })
    expect(submitted.statusCode).toBe(201)
    expect((await saveDraft('mixed.draft@client.example', client)).statusCode).toBe(201)
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email: rep },
      remoteAddress: client,
    })
    expect(asked.statusCode).toBe(202)
    await t.app.mail.deliverNow()
    expect(fates(await rowsTo(t.database.db, 'submission-receipt', rep))).toEqual(['sent'])
    expect(fates(await rowsTo(t.database.db, 'draft-link', 'mixed.draft@client.example'))).toEqual([
      'sent',
    ])
    const [lost] = await rowsTo(t.database.db, 'status-link', rep)
    expect(fates([lost as NonNullable<typeof lost>])).toEqual(['held'])
    expect(lost?.last_error).toBe(BUDGET_SPENT)
  })
})

/**
 * Two instances of the server on one PostgreSQL: the budget lives in the database, so the pair
 * sends an address no more mails a day than one instance would. PGlite is one process.
 */
describe.runIf(hasPostgres())('one budget for two instances on one PostgreSQL', () => {
  let database: TestDatabase
  let secondHandle: DatabaseHandle
  const apps: FastifyInstance[] = []
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    secondHandle = await openDatabase({ databaseUrl: database.url, dataDir: '' })
    for (const handle of [database, secondHandle]) {
      const env = { MAIL_BUDGET_PER_ADDRESS: '3', LOG_LEVEL: 'warn' }
      apps.push((await startFaultApp(handle, env, { worker: false })).app)
    }
  })
  afterAll(async () => {
    for (const app of apps) await app.close()
    await secondHandle?.close()
    await database?.close()
  })

  it('"Lost the mail?" for one address, asked of and sent by each in turn and then both at once: three mails in all', async () => {
    const [first, second] = apps as [FastifyInstance, FastifyInstance]
    const rep = 'twin.instances@budget.example'
    await submittedEnrollment(
      { app: first, database },
      lmaEnrollment(1, { name: 'Twin Budget Dealers', authEmailAddress: rep }),
    )
    await first.mail.deliverNow()
    let clients = 0
    const ask = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/status/lost-links',
        payload: { email: rep },
        remoteAddress: `192.0.2.${++clients}`,
      })
      expect(response.statusCode).toBe(202)
    }
    const sentBy = (app: FastifyInstance) =>
      received(app, rep).filter((mail) => TOKEN_IN_MAIL.test(mail.text)).length

    // Two asked of and sent by the first; two of the second, which has one mail left of three.
    await ask(first)
    await ask(first)
    await first.mail.deliverNow()
    await ask(second)
    await ask(second)
    await second.mail.deliverNow()
    expect([sentBy(first), sentBy(second)]).toEqual([2, 1])
    // Then two more of each, both workers sending at once: nothing is left to send.
    for (const app of [first, second, first, second]) await ask(app)
    await Promise.all([first.mail.deliverNow(), second.mail.deliverNow()])
    await Promise.all([first.mail.deliverNow(), second.mail.deliverNow()])
    expect([sentBy(first), sentBy(second)]).toEqual([2, 1])

    const rows = await rowsTo(database.db, 'status-link', rep)
    expect(fates(rows)).toEqual(['sent', 'sent', 'sent', 'held', 'held', 'held', 'held', 'held'])
    for (const row of rows.filter((each) => each.held_at)) {
      expect(row.last_error).toBe(BUDGET_SPENT)
    }
    const delivered = [...received(first, rep), ...received(second, rep)].filter((mail) =>
      TOKEN_IN_MAIL.test(mail.text),
    )
    expect(delivered).toHaveLength(3)
    expect(await budgetCount(database.db, `lost-link:address:${addressHash(rep)}`)).toBe(3)
  })

  it('ten spends of one address’s budget at once, five on each instance’s connections: three are granted', async () => {
    const address = 'raced.budget@budget.example'
    const spends = Array.from({ length: 10 }, (_, n) => {
      const app = apps[n % 2] as FastifyInstance
      return app.mail.budgets.spend(app.database.db, 'draft', address, `raced-client-${n}`)
    })
    const granted = await Promise.all(spends)
    expect(granted.filter(Boolean)).toHaveLength(3)
    expect(await budgetCount(database.db, `draft:address:${addressHash(address)}`)).toBe(3)
    // Each refused spend gave back its client's count: the clients of the granted ones hold one.
    const clientCounts = await Promise.all(
      granted.map((_, n) => budgetCount(database.db, `client:raced-client-${n}`)),
    )
    expect(clientCounts).toEqual(granted.map((each) => (each ? 1 : 0)))
  })
})
