import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { capabilityHash } from '../capability/capability-token.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { addressHash } from './mail-budget-repository.js'

const MAIL_RETENTION = 'mail-retention'
const LINK_PURGE = 'status-link-purge'
const TOKEN_IN_MAIL = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/

/**
 * The outbox's retention and the status links' purge (docs/security.md#capabilities), each run
 * by the scheduler as it runs them every hour: a sent mail keeps its text
 * OUTBOX_BODY_RETENTION_DAYS, a held mail about no enrollment a day, a budget's count two days,
 * and a link is deleted once it expired or was revoked more than 30 days ago.
 */
describe.each(testDatabaseKinds())('the outbox’s retention and the links’ purge on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { OUTBOX_BODY_RETENTION_DAYS: '30' },
      { mail: { worker: false }, reminders: { schedule: false }, draftPurge: { schedule: false } },
    )
    // Not due until a test makes them due: the scheduler's first look (a second after the
    // start) finds nothing to do.
    for (const name of [MAIL_RETENTION, LINK_PURGE]) {
      await t.database.db
        .insertInto('scheduled_jobs')
        .values({ name, due_at: sql<Date>`now() + interval '1 day'` })
        .onConflict((conflict) =>
          conflict.column('name').doUpdateSet({ due_at: sql<Date>`now() + interval '1 day'` }),
        )
        .execute()
    }
  })
  afterAll(() => t.close())

  /** Makes the job due and runs the scheduler's look now, as its hourly timer would. */
  async function runJob(name: string) {
    await t.database.db
      .updateTable('scheduled_jobs')
      .set({ due_at: sql<Date>`now() - interval '1 second'` })
      .where('name', '=', name)
      .execute()
    expect(await t.app.scheduler.runDue()).toContain(name)
  }

  let names = 0
  const submitLma = (lma: Parameters<typeof lmaEnrollment>[1] = {}) =>
    submittedEnrollment(t, lmaEnrollment(1, { name: `Retained Dealers ${++names}`, ...lma }))
  const approve = async (stored: WireEnrollment) => {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/approve`,
    })
    expect(response.statusCode, response.body).toBe(200)
  }
  const mailsOf = (guid: string) =>
    t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_guid', '=', guid)
      .orderBy('id')
      .execute()
  const sentAgo = (guid: string, days: number) =>
    t.database.db
      .updateTable('outbox')
      .set({ sent_at: sql<Date>`now() - ${`${days} days`}::interval` })
      .where('enrollment_guid', '=', guid)
      .execute()
  const askLostLinks = async (email: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email },
    })
    expect(response.statusCode).toBe(202)
  }

  it('a mail sent more than OUTBOX_BODY_RETENTION_DAYS ago loses its text and attachments; a newer one keeps them', async () => {
    const old = await submitLma()
    const recent = await submitLma()
    for (const stored of [old, recent]) await approve(stored)
    await t.app.mail.deliverNow()
    for (const stored of [old, recent]) {
      const mails = await mailsOf(stored.guid)
      expect(mails.map((mail) => mail.kind)).toEqual(
        expect.arrayContaining(['authorization-request', 'invoice']),
      )
      expect(mails.every((mail) => mail.sent_at !== null)).toBe(true)
    }
    await sentAgo(old.guid, 31)
    await sentAgo(recent.guid, 29)

    await runJob(MAIL_RETENTION)

    for (const mail of await mailsOf(old.guid)) {
      expect(mail).toMatchObject({ html: '', text: '', attachments: [] })
      expect(mail.body_erased_at).not.toBeNull()
      // What the Mails panel shows stays: the kind, the recipient, the subject, when it left.
      expect(mail.subject).not.toBe('')
      expect(mail.recipient).not.toBe('')
    }
    const recentMails = await mailsOf(recent.guid)
    const request = recentMails.find((mail) => mail.kind === 'authorization-request')
    expect(request?.text).toContain(recent.reference)
    expect(request?.html).not.toBe('')
    expect(request?.body_erased_at).toBeNull()
    const invoice = recentMails.find((mail) => mail.kind === 'invoice')
    expect(invoice?.attachments).toHaveLength(1)
    expect(invoice?.text).not.toBe('')

    const listed = await t.asAdmin({ method: 'GET', url: `/api/enrollments/${old.guid}/mails` })
    expect(listed.statusCode).toBe(200)
    expect(listed.json().map((mail: { status: string }) => mail.status)).toEqual(
      (await mailsOf(old.guid)).map(() => 'sent'),
    )
  })

  it('a mail not sent keeps its text however old it is', async () => {
    const stored = await submitLma()
    // Never sent (given up on): still the office's to send again, with its words.
    await t.database.db
      .updateTable('outbox')
      .set({
        created_at: sql<Date>`now() - interval '90 days'`,
        attempts: 15,
        next_attempt_at: sql<Date>`'infinity'::timestamptz`,
        last_error: '550 no such user',
      })
      .where('enrollment_guid', '=', stored.guid)
      .where('kind', '=', 'authorization-request')
      .execute()
    await runJob(MAIL_RETENTION)
    const [request] = (await mailsOf(stored.guid)).filter(
      (mail) => mail.kind === 'authorization-request',
    )
    expect(request?.sent_at).toBeNull()
    expect(request?.text).toContain(stored.reference)
    expect(request?.body_erased_at).toBeNull()
  })

  it('a held "Lost the mail?" mail for an unknown address is deleted a day after; a newer one and a held mail about an enrollment stay', async () => {
    await askLostLinks('unknown.old@retained.example')
    await askLostLinks('unknown.new@retained.example')
    const stored = await submitLma()
    const [receipt] = (await mailsOf(stored.guid)).filter(
      (mail) => mail.kind === 'submission-receipt',
    )
    // A receipt held back (as over its budget) two days ago: the office may still send it.
    await t.database.db
      .updateTable('outbox')
      .set({
        held_at: sql<Date>`now() - interval '2 days'`,
        next_attempt_at: sql<Date>`'infinity'::timestamptz`,
        last_error: 'held',
      })
      .where('id', '=', receipt?.id as string)
      .execute()
    await t.app.mail.deliverNow()
    const unknown = () =>
      t.database.db
        .selectFrom('outbox')
        .select(['recipient', 'held_at', 'sent_at'])
        .where('recipient', 'in', ['unknown.old@retained.example', 'unknown.new@retained.example'])
        .orderBy('recipient')
        .execute()
    const held = await unknown()
    expect(held).toHaveLength(2)
    for (const row of held) {
      expect(row.sent_at).toBeNull()
      expect(row.held_at).not.toBeNull()
    }
    await t.database.db
      .updateTable('outbox')
      .set({ held_at: sql<Date>`now() - interval '25 hours'` })
      .where('recipient', '=', 'unknown.old@retained.example')
      .execute()
    await t.database.db
      .updateTable('outbox')
      .set({ held_at: sql<Date>`now() - interval '23 hours'` })
      .where('recipient', '=', 'unknown.new@retained.example')
      .execute()

    await runJob(MAIL_RETENTION)

    expect((await unknown()).map((row) => row.recipient)).toEqual(['unknown.new@retained.example'])
    const kept = await t.database.db
      .selectFrom('outbox')
      .select(['id', 'held_at'])
      .where('id', '=', receipt?.id as string)
      .executeTakeFirst()
    expect(kept?.held_at).not.toBeNull()
  })

  it('the budgets’ counts of days before yesterday go; yesterday’s and today’s stay', async () => {
    const day = (ago: number) => sql<string>`(now() at time zone 'UTC')::date - ${ago}::int`
    for (const [key, ago] of [
      ['budget:two-days-ago', 2],
      ['budget:yesterday', 1],
      ['budget:today', 0],
    ] as const) {
      await t.database.db
        .insertInto('mail_budgets')
        .values({ key, day: day(ago), count: 1 })
        .execute()
    }
    await runJob(MAIL_RETENTION)
    const keys = await t.database.db
      .selectFrom('mail_budgets')
      .select('key')
      .where('key', 'like', 'budget:%')
      .orderBy('key')
      .execute()
    expect(keys.map((row) => row.key)).toEqual(['budget:today', 'budget:yesterday'])
  })

  it('the links’ purge deletes an expired link and one revoked over 30 days ago; a live one still opens', async () => {
    const first = await submitLma({ authEmailAddress: 'purge.rep.one@retained.example' })
    const second = await submitLma({ authEmailAddress: 'purge.rep.two@retained.example' })
    await askLostLinks('purge.rep.one@retained.example')
    await askLostLinks('purge.rep.two@retained.example')
    await t.app.mail.deliverNow()
    const linkTo = async (guid: string, recipient: string) =>
      t.database.db
        .selectFrom('status_links')
        .selectAll()
        .where('enrollment_guid', '=', guid)
        .where('recipient_hash', '=', addressHash(recipient))
        .executeTakeFirst()
    const contact = first.lma?.emailAddress as string
    const expired = await linkTo(first.guid, contact)
    const live = await linkTo(first.guid, 'purge.rep.one@retained.example')
    const revokedLong = await linkTo(second.guid, contact)
    const revokedLately = await linkTo(second.guid, 'purge.rep.two@retained.example')
    for (const link of [expired, live, revokedLong, revokedLately]) expect(link).toBeDefined()
    const set = (id: string | undefined, values: Record<string, unknown>) =>
      t.database.db
        .updateTable('status_links')
        .set(values)
        .where('id', '=', id as string)
        .execute()
    await set(expired?.id, { expires_at: sql<Date>`now() - interval '1 minute'` })
    await set(revokedLong?.id, { revoked_at: sql<Date>`now() - interval '31 days'` })
    await set(revokedLately?.id, { revoked_at: sql<Date>`now() - interval '29 days'` })

    await runJob(LINK_PURGE)

    expect(await linkTo(first.guid, contact)).toBeUndefined()
    expect(await linkTo(second.guid, contact)).toBeUndefined()
    expect(await linkTo(first.guid, 'purge.rep.one@retained.example')).toBeDefined()
    expect(await linkTo(second.guid, 'purge.rep.two@retained.example')).toBeDefined()

    // The live link is the one the rep's mail carries, and it still opens its page.
    const mail = t.app.mail.devMailbox
      ?.messages()
      .find(
        (each) =>
          each.to.includes('purge.rep.one@retained.example') && TOKEN_IN_MAIL.test(each.text),
      )
    const token = TOKEN_IN_MAIL.exec(mail?.text ?? '')?.[1] as string
    expect(capabilityHash(token)).toBe(live?.token_hash)
    const page = await t.app.inject({ method: 'GET', url: `/api/status/${token}` })
    expect(page.statusCode).toBe(200)
    expect(page.json().reference).toBe(first.reference)
  })
})
