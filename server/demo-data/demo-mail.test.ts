import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AppContext, createAppContext } from '../app-context.js'
import { sendDueReminders } from '../reminders/send-due-reminders.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { seedDemoData } from './seed-demo-data.js'

const RULES = { afterDays: 7, max: 2 }

describe.each(testDatabaseKinds())('demo enrollments never send mail, on %s', (kind) => {
  let t: AdminTestApp
  let context: AppContext
  beforeAll(async () => {
    // A real relay: the mails would leave the machine (the worker is off so the rows stay).
    t = await createAdminTestApp(
      kind,
      { ENROLLMENT_YEAR: '2025', SMTP_URL: 'smtp://relay.example.com:587' },
      { reminders: { schedule: false }, mail: { worker: false } },
    )
    context = createAppContext(t.database.db, t.config, t.app.mail)
    const seeded = await seedDemoData(context, { year: 2025, brands: t.config.BRANDS })
    expect(seeded.seeded).toBe(true)
  })
  afterAll(() => t.close())

  const demoGuids = async (where: { year?: number; status?: string; type?: string } = {}) => {
    let query = t.database.db.selectFrom('enrollments').select('guid').where('demo', '=', true)
    if (where.year) query = query.where('year', '=', where.year)
    if (where.status) query = query.where('status', '=', where.status as 'Approved')
    if (where.type) query = query.where('type', '=', where.type as 'Lma')
    return (await query.orderBy('id').execute()).map((row) => row.guid)
  }
  /** Outbox rows about demo enrollments: what would reach a made-up representative. */
  const demoMails = () =>
    t.database.db
      .selectFrom('outbox')
      .innerJoin('enrollments', 'enrollments.guid', 'outbox.enrollment_guid')
      .select(['outbox.kind', 'outbox.recipient'])
      .where('enrollments.demo', '=', true)
      .execute()

  it('the reminder run mails no demo representative, and still reminds a real one', async () => {
    const waiting = await demoGuids({ year: 2025, status: 'Authorizing', type: 'Lma' })
    expect(waiting.length).toBeGreaterThan(0)
    const real = await submittedEnrollment(
      t,
      lmaEnrollment(2, { name: 'Really Waiting Dealers', authEmailAddress: 'rep@real.example' }),
    )
    // Every one of them waiting long enough for a reminder.
    await t.database.db
      .updateTable('enrollments')
      .set({ authorization_requested_at: sql`now() - interval '10 days'` })
      .where('status', '=', 'Authorizing')
      .execute()
    expect(await sendDueReminders(context, RULES)).toBe(1)
    expect(await demoMails()).toEqual([])
    const reminded = await t.database.db
      .selectFrom('outbox')
      .select('enrollment_guid')
      .where('kind', '=', 'authorization-reminder')
      .execute()
    expect(reminded).toEqual([{ enrollment_guid: real.guid }])
  })

  it('an administrator approving or re-authorizing a demo enrollment queues no mail', async () => {
    const [approving] = await demoGuids({ year: 2025, status: 'Approving', type: 'Lma' })
    const [authorizing] = await demoGuids({ year: 2025, status: 'Authorizing', type: 'Lma' })
    const act = (action: string, guid: string | undefined) =>
      t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/${action}` })
    expect((await act('approve', approving)).statusCode).toBe(200)
    expect((await act('re-authorize', authorizing)).statusCode).toBe(200)
    expect(await demoMails()).toEqual([])
  })

  it('a demo enrollment of last year is not invited again, and its rollover copy stays demo', async () => {
    const listed = await t.asAdmin({ method: 'GET', url: '/api/re-enrollment' })
    const [first] = listed.json().items as Array<{ guid: string }>
    expect(first).toBeDefined()
    const invited = await t.asAdmin({
      method: 'POST',
      url: '/api/re-enrollment/invitations',
      payload: { guids: [first?.guid] },
    })
    expect(invited.json()).toMatchObject({ sent: 0, skipped: 1 })

    const rolled = await t.asAdmin({ method: 'POST', url: '/api/rollover', payload: { to: 2025 } })
    expect(rolled.json().created).toBeGreaterThan(0)
    const copies = await t.database.db
      .selectFrom('enrollments')
      .select(['guid', 'demo'])
      .where('year', '=', 2025)
      .where('status', '=', 'Approving')
      .where('type', '=', 'Dealer')
      .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
      .execute()
    expect(copies.length).toBeGreaterThan(0)
    expect(copies.every((copy) => copy.demo)).toBe(true)
    expect(
      (await t.asAdmin({ method: 'POST', url: `/api/enrollments/${copies[0]?.guid}/approve` }))
        .statusCode,
    ).toBe(200)
    expect(await demoMails()).toEqual([])
  })
})

describe.each(testDatabaseKinds())('without a mail server, on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    // The dev mailbox: mail reaches nobody, and the demo shows what the product mails.
    t = await createAdminTestApp(
      kind,
      { ENROLLMENT_YEAR: '2025' },
      { reminders: { schedule: false }, mail: { worker: false } },
    )
    expect(
      (
        await seedDemoData(createAppContext(t.database.db, t.config, t.app.mail), {
          year: 2025,
          brands: t.config.BRANDS,
        })
      ).seeded,
    ).toBe(true)
  })
  afterAll(() => t.close())

  it('approving a demo LMA queues its mails for the dev mailbox', async () => {
    const approving = await t.database.db
      .selectFrom('enrollments')
      .select('guid')
      .where('demo', '=', true)
      .where('year', '=', 2025)
      .where('status', '=', 'Approving')
      .where('type', '=', 'Lma')
      .executeTakeFirstOrThrow()
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${approving.guid}/approve`,
    })
    expect(response.statusCode).toBe(200)
    const kinds = await t.database.db
      .selectFrom('outbox')
      .select('kind')
      .where('enrollment_guid', '=', approving.guid)
      .execute()
    expect(kinds.map((row) => row.kind)).toContain('invoice')
  })
})
