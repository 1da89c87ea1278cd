import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { statusLinkExpiryWords } from '../mail/templates/status-link-mail.js'
import { deliveredMail } from '../test-support/delivered-mail.js'
import { dealerEnrollment, lmaEnrollment, uniqueBac } from '../test-support/enrollment-fixtures.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/**
 * What a submission writes, table by table (its status link is minted when the receipt leaves,
 * by the mail worker).
 */
const WRITTEN = [
  'enrollments',
  'enrollment_dealers',
  'enrollment_history',
  'outbox',
  'enrollment_list_changes',
] as const

/**
 * A submission, dealer or LMA, is one statement (docs/decisions.md, "A submission is one
 * statement"): all of its writes or none, each mail written as it was built before the write.
 */
describe.each(testDatabaseKinds())('a submission on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: 'https://pos.example.com' })
  })
  afterAll(() => t.close())

  const post = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body as object })
  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {}
    for (const table of WRITTEN) {
      const { rows } = await sql<{
        n: string
      }>`select count(*) as n from ${sql.table(table)}`.execute(t.database.db)
      result[table] = Number(rows[0]?.n)
    }
    return result
  }

  it('mails the receipt with the stored reference and the status link as the database set it', async () => {
    const response = await post(dealerEnrollment({ authEmailAddress: 'casey@x.example' }))
    expect(response.statusCode, response.body).toBe(201)
    const { reference } = response.json()
    const row = await t.database.db
      .selectFrom('enrollments as e')
      .innerJoin('outbox as o', 'o.enrollment_guid', 'e.guid')
      .select(['e.guid', 'e.dealer_rows', 'o.id', 'o.text'])
      .where('e.reference', '=', reference)
      .executeTakeFirstOrThrow()
    expect(row.dealer_rows).toBe(1)
    // Queued without its text: the link is minted when the mail leaves.
    expect(row.text).toBe('')
    const mail = await deliveredMail(t.app, row.id)
    const link = await t.database.db
      .selectFrom('status_links')
      .select('expires_at')
      .where('enrollment_guid', '=', row.guid)
      .executeTakeFirstOrThrow()
    const until = `The link works until ${statusLinkExpiryWords(new Date(link.expires_at))}.`
    expect(mail.subject).toContain(`(reference ${reference})`)
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(reference)
      expect(part).toContain(until)
    }
    const token = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1]
    expect((await t.app.inject(`/api/status/${token}`)).statusCode).toBe(200)
  })

  it('a submission failing at its last write leaves nothing behind, and the BAC stays free', async () => {
    const body = dealerEnrollment({ bac: uniqueBac() })
    const before = await counts()
    await sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses mail'; end $$`.execute(t.database.db)
    await sql`create trigger refuse_mail before insert on outbox
      for each row execute function refuse_mail()`.execute(t.database.db)
    try {
      expect((await post(body)).statusCode).toBe(500)
    } finally {
      await sql`drop trigger refuse_mail on outbox`.execute(t.database.db)
      await sql`drop function refuse_mail()`.execute(t.database.db)
    }
    expect(await counts()).toEqual(before)
    expect((await post(body)).statusCode).toBe(201)
  })

  it('an LMA writes its enrollment, dealer rows, history, authorization request and receipt together, or nothing', async () => {
    const lma = lmaEnrollment(3, { name: `One Statement ${uniqueBac()}` })
    lma.dealers = lma.dealers.map((dealer) => ({ ...dealer, bac: uniqueBac() }))
    const before = await counts()
    await sql`create function refuse_mail() returns trigger language plpgsql as $$
      begin raise exception 'the outbox refuses mail'; end $$`.execute(t.database.db)
    await sql`create trigger refuse_mail before insert on outbox
      for each row execute function refuse_mail()`.execute(t.database.db)
    try {
      expect((await post(lma)).statusCode).toBe(500)
    } finally {
      await sql`drop trigger refuse_mail on outbox`.execute(t.database.db)
      await sql`drop function refuse_mail()`.execute(t.database.db)
    }
    expect(await counts()).toEqual(before)

    const response = await post(lma)
    expect(response.statusCode, response.body).toBe(201)
    const { reference } = response.json()
    expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}$/)
    const stored = await t.database.db
      .selectFrom('enrollments')
      .select(['guid', 'dealer_rows', 'authorization_requested_at', 'lma_name_key'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow()
    expect(stored.dealer_rows).toBe(3)
    expect(stored.authorization_requested_at).not.toBeNull()
    expect(stored.lma_name_key).not.toBeNull()
    const mails = await t.database.db
      .selectFrom('outbox')
      .select(['kind', 'recipient', 'text'])
      .where('enrollment_guid', '=', stored.guid)
      .orderBy('id')
      .execute()
    expect(mails.map((mail) => mail.kind)).toEqual(['authorization-request', 'submission-receipt'])
    // The request is written whole, the reference in it; the receipt without its text.
    expect(mails[0]?.recipient).toBe(lma.lma?.authEmailAddress)
    expect(mails[0]?.text).toContain(reference)
    expect(mails[1]?.text).toBe('')
    const after = await counts()
    const added = (table: (typeof WRITTEN)[number]) => (after[table] ?? 0) - (before[table] ?? 0)
    expect([
      added('enrollments'),
      added('enrollment_dealers'),
      added('enrollment_history'),
    ]).toEqual([1, 3, 1])
    expect(added('outbox')).toBe(2)
  })

  it('ten submissions of one BAC racing: one 201, nine 409, and the writes of one', async () => {
    const alone = await counts()
    expect((await post(dealerEnrollment({ bac: uniqueBac() }))).statusCode).toBe(201)
    const before = await counts()
    const body = dealerEnrollment({ bac: uniqueBac() })
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body)))
    const codes = answers.map((answer) => answer.statusCode).sort()
    expect(codes).toEqual([201, ...Array<number>(9).fill(409)])
    expect(answers.find((answer) => answer.statusCode === 409)?.json().detail).toBe(
      'An enrollment for this dealer has already been received.',
    )
    const after = await counts()
    for (const table of WRITTEN) {
      const one = (before[table] ?? 0) - (alone[table] ?? 0)
      expect(one, table).toBeGreaterThan(0)
      expect((after[table] ?? 0) - (before[table] ?? 0), table).toBe(one)
    }
  })
})
