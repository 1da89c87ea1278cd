import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHistoryRepository } from '../enrollment/history-repository.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'
import { ALREADY_PAID, NOT_PAID } from './invoice-payment.js'

interface HistoryItem {
  action: string
  actor: string
  changes: Array<{ field: string; before: string | null; after: string | null }>
}

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
        submittedEnrollment(t, lmaEnrollment(1, { name: `${prefix} ${++counter} Dealers` })),
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
    expect(response?.json().detail).toBe(NOT_PAID)
  })

  const today = () => new Date().toISOString().slice(0, 10)
  async function approvedLma(prefix: string): Promise<string> {
    const [stored] = await lmas(1, prefix)
    const guid = stored?.guid ?? ''
    expect((await post(`/api/enrollments/${guid}/approve`)).statusCode).toBe(200)
    return guid
  }
  const paymentHistory = async (guid: string): Promise<HistoryItem[]> =>
    (
      (
        await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/history` })
      ).json() as HistoryItem[]
    ).filter((entry) => entry.action.startsWith('invoice marked'))
  const referenceAfter = (entry: HistoryItem | undefined) =>
    entry?.changes.find((change) => change.field === 'paymentReference')?.after

  it('the history reads in commit order: a change begun earlier but committed later comes last', async () => {
    const guid = await approvedLma('Ordered')
    const history = createHistoryRepository(t.database.db)
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let begun = () => {}
    const started = new Promise<void>((resolve) => {
      begun = resolve
    })
    // A second connection's transaction begins (its now() is fixed), is held open while an
    // administrator's payment commits, then writes as the app's writers do: the enrollment's
    // lock, the change, the history entry through the repository.
    const early = t.database.db.transaction().execute(async (trx) => {
      await sql`select now()`.execute(trx)
      begun()
      await released
      await sql`select id from enrollments where guid = ${guid} for update`.execute(trx)
      await trx
        .updateTable('invoices')
        .set({ paid_on: null, payment_reference: null })
        .where('enrollment_guid', '=', guid)
        .execute()
      await history.record(trx, {
        guid,
        action: 'invoice marked unpaid',
        actor: 'the held transaction',
        statusBefore: null,
        statusAfter: null,
        changes: [{ field: 'paymentReference', before: 'Late', after: null }],
      })
    })
    await started
    const late = await post(`/api/enrollments/${guid}/payment`, {
      paidOn: today(),
      reference: 'Late',
    })
    expect(late.statusCode).toBe(200)
    release()
    await early
    const entries = await paymentHistory(guid)
    expect(entries.map((entry) => entry.actor)).toEqual([
      'ada.admin@contoso.example',
      'the held transaction',
    ])
    const stored = (
      await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/payment` })
    ).json()
    expect(stored).toMatchObject({ paidOn: null, reference: null })
  })

  it('16 concurrent paid and unpaid markings: the history alternates and its last entry is what is stored', async () => {
    const guid = await approvedLma('Contended')
    for (let round = 0; round < 4; round++) {
      const calls = Array.from({ length: 16 }, (_, index) =>
        index % 2 === 0
          ? post(`/api/enrollments/${guid}/payment`, {
              paidOn: today(),
              reference: `R${round}-${index}`,
            })
          : post(`/api/enrollments/${guid}/payment/clear`),
      )
      const answers = await Promise.all(calls)
      for (const answer of answers) {
        expect([200, 409]).toContain(answer.statusCode)
        if (answer.statusCode === 409)
          expect([ALREADY_PAID, NOT_PAID]).toContain(answer.json().detail)
      }
    }
    const entries = await paymentHistory(guid)
    expect(entries.length).toBeGreaterThan(0)
    // Each entry follows from the one committed before it: paid, unpaid, paid, ...; an unpaid
    // marking takes away the reference the paid one before it recorded.
    for (const [index, entry] of entries.entries()) {
      const previous = entries[index - 1]
      expect(entry.action).toBe(index % 2 === 0 ? 'invoice marked paid' : 'invoice marked unpaid')
      if (previous && entry.action === 'invoice marked unpaid') {
        const removed = entry.changes.find((change) => change.field === 'paymentReference')
        expect(removed?.before).toBe(referenceAfter(previous))
      }
    }
    const stored = (
      await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/payment` })
    ).json()
    const last = entries.at(-1)
    if (stored.paidOn === null) expect(last?.action).toBe('invoice marked unpaid')
    else expect(referenceAfter(last)).toBe(stored.reference)
  }, 60_000)

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
