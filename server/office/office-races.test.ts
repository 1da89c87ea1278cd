import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countLockWaiters, hasPostgres } from '../faults/test-support/postgres.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submitEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'

/**
 * Two administrators on the same rows at once, and a second connection holding a lock while
 * the API acts. Only PostgreSQL shows these: PGlite runs one transaction at a time.
 */
describe.runIf(hasPostgres())('the program office workflow under concurrency on PostgreSQL', () => {
  let t: AdminTestApp
  let url: string
  beforeAll(async () => {
    t = await createAdminTestApp('postgres')
    url = t.database.url ?? ''
  })
  afterAll(() => t.close())

  let counter = 0
  async function lmas(count: number, prefix: string): Promise<WireEnrollment[]> {
    const made: WireEnrollment[] = []
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, () =>
        submitEnrollment(t, lmaEnrollment(1, { name: `${prefix} ${++counter} Dealers` })),
      )
      made.push(...(await Promise.all(batch)))
    }
    return made
  }
  const post = (path: string, payload?: object) =>
    t.asAdmin({ method: 'POST', url: path, ...(payload ? { payload } : {}) })

  async function withHeldTransaction(
    statements: Array<[string, unknown[]]>,
    whileHeld: () => Promise<void>,
  ): Promise<void> {
    const other = new pg.Client({ connectionString: url })
    await other.connect()
    try {
      await other.query('begin')
      for (const [text, values] of statements) await other.query(text, values)
      await whileHeld()
      await other.query('commit')
    } finally {
      await other.end()
    }
  }
  const lockWaiter = () =>
    waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))

  it('two bulk approvals of the same rows approve each once: one invoice, one set of mails', async () => {
    const stored = await lmas(30, 'Twice')
    const guids = stored.map((each) => each.guid)
    const [first, second] = await Promise.all([
      post('/api/enrollments/bulk/approve', { guids }),
      post('/api/enrollments/bulk/approve', { guids: [...guids].reverse() }),
    ])
    const done = first?.json().done + second?.json().done
    const skipped = first?.json().skipped + second?.json().skipped
    expect([done, skipped]).toEqual([30, 30])
    const invoices = await t.database.db
      .selectFrom('invoices')
      .select('invoice_number')
      .where('enrollment_guid', 'in', guids)
      .execute()
    expect(invoices).toHaveLength(30)
    const mails = await t.database.db
      .selectFrom('outbox')
      .select(['kind', 'enrollment_guid'])
      .where('enrollment_guid', 'in', guids)
      .where('kind', 'in', ['invoice', 'approval-confirmation'])
      .execute()
    expect(mails).toHaveLength(60)
    const approvals = await t.database.db
      .selectFrom('enrollment_history')
      .select('enrollment_guid')
      .where('enrollment_guid', 'in', guids)
      .where('action', '=', 'approved')
      .execute()
    expect(new Set(approvals.map((row) => row.enrollment_guid)).size).toBe(30)
    expect(approvals).toHaveLength(30)
  })

  it('500 enrollments approved in one request: numbers consecutive, every mail enqueued once', async () => {
    const stored = await lmas(500, 'Bulk')
    const guids = stored.map((each) => each.guid)
    const response = await post('/api/enrollments/bulk/approve', { guids })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ done: 500, skipped: 0, failed: 0 })
    const invoices = await t.database.db
      .selectFrom('invoices')
      .select(['invoice_number', 'enrollment_guid'])
      .where('enrollment_guid', 'in', guids)
      .execute()
    const byGuid = new Map(invoices.map((row) => [row.enrollment_guid, row.invoice_number]))
    // In the selection's order, each number one more than the one before.
    const numbers = guids.map((guid) => Number(byGuid.get(guid)?.replace(/\D/g, '')))
    expect(
      numbers.every((number, index) => index === 0 || number === (numbers[index - 1] ?? 0) + 1),
    ).toBe(true)
    const mails = await t.database.db
      .selectFrom('outbox')
      .select((eb) => ['kind', eb.fn.countAll<string>().as('count')])
      .where('enrollment_guid', 'in', guids)
      .where('kind', 'in', ['invoice', 'approval-confirmation'])
      .groupBy('kind')
      .execute()
    expect(Object.fromEntries(mails.map((row) => [row.kind, Number(row.count)]))).toEqual({
      'approval-confirmation': 500,
      invoice: 500,
    })
  }, 120_000)

  it('notes written at once by two administrators are all kept', async () => {
    const [stored] = await lmas(1, 'Noted')
    const guid = stored?.guid ?? ''
    const writes = Array.from({ length: 20 }, (_, index) =>
      post(`/api/enrollments/${guid}/notes`, { text: `Note ${index}` }),
    )
    expect((await Promise.all(writes)).map((response) => response.statusCode)).toEqual(
      Array(20).fill(201),
    )
    const notes = (await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/notes` })).json()
    expect(notes.map((note: { text: string }) => note.text).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `Note ${index}`).sort(),
    )
  })

  it('"mark unpaid" waiting on another unpaid marking is refused once that commits', async () => {
    const [stored] = await lmas(1, 'Paid')
    const guid = stored?.guid ?? ''
    await post(`/api/enrollments/${guid}/approve`)
    const today = new Date().toISOString().slice(0, 10)
    expect((await post(`/api/enrollments/${guid}/payment`, { paidOn: today })).statusCode).toBe(200)
    let waiting: Promise<{ statusCode: number; json(): { detail: string } }> | undefined
    await withHeldTransaction(
      [
        ['select id from invoices where enrollment_guid = $1 for update', [guid]],
        ['update invoices set paid_on = null where enrollment_guid = $1', [guid]],
      ],
      async () => {
        waiting = post(`/api/enrollments/${guid}/payment/clear`)
        await lockWaiter()
      },
    )
    const response = await waiting
    expect(response?.statusCode).toBe(409)
    expect(response?.json().detail).toBe('This invoice is not marked paid.')
  })

  it('"send again" waiting on a worker that claims the mail is refused: never sent twice', async () => {
    const [stored] = await lmas(1, 'Mailed')
    const guid = stored?.guid ?? ''
    const mail = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_guid', '=', guid)
      .where('kind', '=', 'authorization-request')
      .executeTakeFirstOrThrow()
    // It failed once and waits for its retry.
    await t.database.db
      .updateTable('outbox')
      .set({ sent_at: null, attempts: 1, next_attempt_at: '2999-01-01', claimed_at: null })
      .where('id', '=', mail.id)
      .execute()
    let waiting: Promise<{ statusCode: number; json(): { detail: string } }> | undefined
    await withHeldTransaction(
      [['update outbox set attempts = attempts + 1, claimed_at = now() where id = $1', [mail.id]]],
      async () => {
        waiting = post(`/api/enrollments/${guid}/mails/${mail.id}/send-again`)
        await lockWaiter()
      },
    )
    const response = await waiting
    expect(response?.statusCode).toBe(409)
    expect(response?.json().detail).toBe('This mail is being sent right now.')
  })
})
