import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppContext, createAppContext } from '../app-context.js'
import { type DatabaseHandle, openDatabase } from '../db/database.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'
import { sendDueReminders } from './send-due-reminders.js'

const RULES = { afterDays: 7, max: 2 }
let names = 0

describe.each(testDatabaseKinds())('authorization reminders on %s', (kind) => {
  let t: AdminTestApp
  let context: AppContext
  beforeAll(async () => {
    t = await createAdminTestApp(
      kind,
      { PUBLIC_URL: 'https://pos.example.com' },
      { reminders: { schedule: false }, mail: { worker: false } },
    )
    context = createAppContext(t.database.db, t.config, t.app.mail)
  })
  afterAll(() => t.close())

  async function submitLma(rep = `rep-${++names}@remind.example`) {
    names += 1
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(2, { name: `Reminded Dealers ${names}`, authEmailAddress: rep }),
    )
    return { guid: stored.guid, rep, name: stored.lma?.name ?? '', reference: stored.reference }
  }
  /** Moves the last request (and reminder) back in time, as if days had passed. */
  const age = (guid: string, requestedDaysAgo: number, remindedDaysAgo?: number) =>
    t.database.db
      .updateTable('enrollments')
      .set({
        authorization_requested_at: sql`now() - ${`${requestedDaysAgo} days`}::interval`,
        ...(remindedDaysAgo === undefined
          ? {}
          : { last_reminder_at: sql`now() - ${`${remindedDaysAgo} days`}::interval` }),
      })
      .where('guid', '=', guid)
      .execute()
  const reminders = (rep: string) =>
    t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', rep)
      .where('kind', '=', 'authorization-reminder')
      .execute()
  const authorization = async (guid: string) => {
    const response = await t.asAdmin({
      method: 'GET',
      url: `/api/enrollments/${guid}/authorization`,
    })
    expect(response.statusCode).toBe(200)
    return response.json()
  }
  const history = async (guid: string) =>
    (await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/history` })).json() as Array<{
      action: string
      actor: string
      statusBefore: string
      statusAfter: string
    }>

  it('an LMA still Authorizing 7 days after the request is reminded once, with the same link', async () => {
    const lma = await submitLma()
    expect(await authorization(lma.guid)).toMatchObject({ remindersSent: 0, lastReminderAt: null })
    await age(lma.guid, 6)
    expect(await sendDueReminders(context, RULES)).toBe(0)
    await age(lma.guid, 8)
    expect(await sendDueReminders(context, RULES)).toBe(1)
    expect(await sendDueReminders(context, RULES)).toBe(0)

    const [mail, ...more] = await reminders(lma.rep)
    expect(more).toEqual([])
    expect(mail?.subject).toBe(
      `Reminder: please authorize the 2025 Chevrolet Dealer Funded POS Program enrollment ${lma.reference}`,
    )
    // A reminder follows a public submission: it names no text the submitter typed.
    expect(mail?.text).not.toContain(lma.name)
    expect(mail?.text).toContain(`https://pos.example.com/chevy/enrollment/lma?auth=${lma.guid}`)
    // The day as every date is shown: "Nov 26, 2026" (shared/format/date-text.ts).
    expect(mail?.text).toMatch(/asked you on [A-Z][a-z]{2} \d{1,2}, \d{4} to authorize it/)
    expect(mail?.text).toContain(`Reference: ${lma.reference}`)
    // Queued is not sent: the history records the reminder once the relay has taken it.
    expect((await history(lma.guid)).map((entry) => entry.action)).not.toContain('Reminder sent')
    await t.app.mail.outbox.markSent(String(mail?.id))
    await t.app.mail.outbox.markSent(String(mail?.id))
    const entries = await history(lma.guid)
    expect(entries.filter((entry) => entry.action === 'Reminder sent')).toHaveLength(1)
    const last = entries.at(-1)
    expect(last).toMatchObject({
      action: 'Reminder sent',
      actor: 'the reminder schedule',
      statusBefore: 'Authorizing',
      statusAfter: 'Authorizing',
    })
    const shown = await authorization(lma.guid)
    expect(shown).toMatchObject({ remindersSent: 1, reminderAfterDays: 7, reminderMax: 2 })
    expect(Date.now() - new Date(shown.lastReminderAt).getTime()).toBeLessThan(60_000)
    expect(Date.now() - new Date(shown.requestedAt).getTime()).toBeGreaterThan(
      8 * 86_400_000 - 60_000,
    )
  })

  it('sends at most REMINDER_MAX, each N days after the one before; a re-authorization starts over', async () => {
    const lma = await submitLma()
    await age(lma.guid, 20)
    expect(await sendDueReminders(context, RULES)).toBe(1)
    // The next one counts from the first reminder, not from the request.
    expect(await sendDueReminders(context, RULES)).toBe(0)
    await age(lma.guid, 20, 8)
    expect(await sendDueReminders(context, RULES)).toBe(1)
    await age(lma.guid, 30, 9)
    expect(await sendDueReminders(context, RULES)).toBe(0)
    expect(await reminders(lma.rep)).toHaveLength(2)
    expect((await authorization(lma.guid)).remindersSent).toBe(2)

    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${lma.guid}/re-authorize`,
    })
    expect(again.statusCode).toBe(200)
    const fresh = await authorization(lma.guid)
    expect(fresh).toMatchObject({ remindersSent: 0, lastReminderAt: null })
    expect(Date.now() - new Date(fresh.requestedAt).getTime()).toBeLessThan(60_000)
    await age(lma.guid, 8)
    expect(await sendDueReminders(context, RULES)).toBe(1)
    expect(await reminders(lma.rep)).toHaveLength(3)
  })

  it('approved, declined and last year’s enrollments, and dealers, get none; 0 turns reminders off', async () => {
    const approved = await submitLma()
    const declined = await submitLma()
    const lastYear = await submitLma()
    const waiting = await submitLma()
    const dealer = await submittedEnrollment(t, dealerEnrollment())
    for (const { guid } of [approved, declined, lastYear, waiting]) await age(guid, 40)
    await t.asAdmin({ method: 'POST', url: `/api/enrollments/${approved.guid}/approve` })
    await t.asAdmin({ method: 'POST', url: `/api/enrollments/${declined.guid}/decline` })
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024 })
      .where('guid', '=', lastYear.guid)
      .execute()
    expect(await sendDueReminders(context, { afterDays: 0, max: 2 })).toBe(0)
    expect(await sendDueReminders(context, { afterDays: 7, max: 0 })).toBe(0)
    expect(await sendDueReminders(context, RULES)).toBe(1)
    expect(await reminders(waiting.rep)).toHaveLength(1)
    for (const { rep } of [approved, declined, lastYear]) expect(await reminders(rep)).toEqual([])
    expect(await authorization(dealer.guid)).toMatchObject({ requestedAt: null, remindersSent: 0 })
  })

  it('an unknown enrollment is a 404, a malformed id a 400, a stranger gets 401', async () => {
    const unknown = '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'
    const missing = await t.asAdmin({
      method: 'GET',
      url: `/api/enrollments/${unknown}/authorization`,
    })
    expect(missing.statusCode).toBe(404)
    const bad = await t.asAdmin({ method: 'GET', url: '/api/enrollments/not-a-guid/authorization' })
    expect(bad.statusCode).toBe(400)
    const stranger = await t.app.inject({
      method: 'GET',
      url: `/api/enrollments/${unknown}/authorization`,
    })
    expect(stranger.statusCode).toBe(401)
  })
})

describe.each(testDatabaseKinds())('the reminder schedule on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { reminders: { intervalMs: 100 } })
  })
  afterAll(() => t.close())

  it('finds a due reminder by itself and the mail goes out', async () => {
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(1, {
        name: 'Scheduled Reminder Dealers',
        authEmailAddress: 'due@schedule.example',
      }),
    )
    await t.database.db
      .updateTable('enrollments')
      .set({ authorization_requested_at: sql`now() - interval '8 days'` })
      .where('guid', '=', stored.guid)
      .execute()
    const mail = await waitFor(() =>
      t.app.mail.devMailbox
        ?.messages()
        .find(
          (message) =>
            message.to.includes('due@schedule.example') && /^Reminder:/.test(message.subject),
        ),
    )
    expect(mail.text).toContain(`/chevy/enrollment/lma?auth=${stored.guid}`)
    const history = async () =>
      (await t.asAdmin({ method: 'GET', url: `/api/enrollments/${stored.guid}/history` })).json()
    const entry = await waitFor(async () =>
      (await history()).find((each: { action: string }) => each.action === 'Reminder sent'),
    )
    expect(entry).toMatchObject({ actor: 'the reminder schedule', statusAfter: 'Authorizing' })
  })

  it('records a reminder that failed only once it is sent again and delivered', async () => {
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(1, {
        name: 'Failed Reminder Dealers',
        authEmailAddress: 'late@schedule.example',
      }),
    )
    // What the worker leaves when it gives up on a reminder: due at infinity, the error kept.
    await t.database.db
      .insertInto('outbox')
      .values({
        kind: 'authorization-reminder',
        recipient: 'late@schedule.example',
        subject: 'Reminder: please authorize',
        html: '<p>x</p>',
        text: 'x',
        attachments: '[]',
        enrollment_guid: stored.guid,
        attempts: 15,
        next_attempt_at: sql`'infinity'::timestamptz`,
        last_error: '421 relay down',
      })
      .execute()
    const get = async (url: string) => (await t.asAdmin({ method: 'GET', url })).json()
    const mails = await get(`/api/enrollments/${stored.guid}/mails`)
    const reminder = mails.find((mail: { kind: string }) => mail.kind === 'authorization-reminder')
    expect(reminder).toMatchObject({ status: 'failed', attempts: 15 })
    const actions = async () =>
      (await get(`/api/enrollments/${stored.guid}/history`)).map(
        (entry: { action: string }) => entry.action,
      )
    expect(await actions()).not.toContain('Reminder sent')
    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/mails/${reminder.id}/send-again`,
    })
    expect(again.statusCode).toBe(200)
    const settled = await waitFor(async () => {
      const mail = (await get(`/api/enrollments/${stored.guid}/mails`)).find(
        (each: { id: string }) => each.id === reminder.id,
      )
      return mail.status === 'sent' ? mail : undefined
    })
    expect(settled).toMatchObject({ attempts: 1, lastError: null })
    const after = await actions()
    expect(after.slice(-2)).toEqual(['mail sent again', 'Reminder sent'])
  })
})

describe.runIf(testDatabaseKinds().includes('postgres'))('reminders on two connections', () => {
  let t: AdminTestApp
  let other: DatabaseHandle
  let otherContext: AppContext
  let context: AppContext
  beforeAll(async () => {
    t = await createAdminTestApp(
      'postgres',
      {},
      { reminders: { schedule: false }, mail: { worker: false } },
    )
    other = await openDatabase({ databaseUrl: t.database.url, dataDir: '' })
    context = createAppContext(t.database.db, t.config, t.app.mail)
    otherContext = createAppContext(other.db, t.config, { kick: () => {} })
  })
  afterAll(async () => {
    await other?.close()
    await t?.close()
  })

  async function dueLmas(count: number, prefix: string): Promise<string[]> {
    const guids: string[] = []
    for (let n = 0; n < count; n++) {
      const stored = await submittedEnrollment(
        t,
        lmaEnrollment(1, {
          name: `${prefix} ${n}`,
          authEmailAddress: `${prefix.replaceAll(' ', '-')}-${n}@race.example`,
        }),
      )
      guids.push(stored.guid)
    }
    await t.database.db
      .updateTable('enrollments')
      .set({ authorization_requested_at: sql`now() - interval '8 days'` })
      .where('guid', 'in', guids)
      .execute()
    return guids
  }
  const remindersOf = (guids: string[]) =>
    t.database.db
      .selectFrom('enrollments')
      .select(['guid', 'reminders_sent'])
      .where('guid', 'in', guids)
      .execute()

  it('an enrollment an administrator holds is skipped, and once approved it is not reminded', async () => {
    const [guid = ''] = await dueLmas(1, 'Held Dealers')
    let sentMeanwhile = -1
    await t.database.db.transaction().execute(async (trx) => {
      // The approval's transaction: the row locked, the status changed, not committed yet.
      await trx
        .selectFrom('enrollments')
        .select('id')
        .where('guid', '=', guid)
        .forUpdate()
        .execute()
      await trx
        .updateTable('enrollments')
        .set({ status: 'Approved' })
        .where('guid', '=', guid)
        .execute()
      sentMeanwhile = await sendDueReminders(otherContext, RULES)
    })
    expect(sentMeanwhile).toBe(0)
    expect(await sendDueReminders(otherContext, RULES)).toBe(0)
    expect(await remindersOf([guid])).toEqual([{ guid, reminders_sent: 0 }])
  })

  it('two runs at once send each due reminder once', async () => {
    const guids = await dueLmas(12, 'Twin Run Dealers')
    const [first, second] = await Promise.all([
      sendDueReminders(context, RULES),
      sendDueReminders(otherContext, RULES),
    ])
    expect((first ?? 0) + (second ?? 0)).toBe(12)
    expect((await remindersOf(guids)).map((row) => row.reminders_sent)).toEqual(Array(12).fill(1))
    const { rows } = await sql<{ recipient: string; n: string }>`
      select recipient, count(*) as n from outbox where kind = 'authorization-reminder'
      and recipient like 'Twin-Run-Dealers-%' group by recipient`.execute(t.database.db)
    expect(rows).toHaveLength(12)
    expect(rows.every((row) => Number(row.n) === 1)).toBe(true)
  })
})
