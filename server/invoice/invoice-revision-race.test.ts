import type { LightMyRequestResponse } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { invoiceItems } from '../../shared/enrollment/pricing.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { countLockWaiters, hasPostgres } from '../test-support/faults/postgres.js'
import { lmaOrdering } from '../test-support/invoice-calls.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'

const YEAR = 2025

/**
 * Invoice revisions and numbers when two changes land together (docs/product.md#invoices): a
 * second connection holds the lock both wait for, then lets them go at once; whichever commits
 * first, every revision of an invoice is recorded once (1..n, each mailed once), its number stays,
 * and the year's numbers stay unique and gap-free. Only PostgreSQL shows this: PGlite runs one
 * transaction at a time.
 */
describe.runIf(hasPostgres())(
  'invoice revisions and numbers under concurrency on PostgreSQL',
  () => {
    let t: AdminTestApp
    let url: string
    beforeAll(async () => {
      t = await createAdminTestApp(
        'postgres',
        { ENROLLMENT_YEAR: String(YEAR) },
        {
          mail: { worker: false },
          reminders: { schedule: false },
          draftPurge: { schedule: false },
        },
      )
      url = t.database.url ?? ''
    })
    afterAll(() => t.close())

    let names = 0
    /** An LMA of `kits` dealers (Large/Yes each unless said), submitted. */
    const lma = (dealers = 3): Promise<WireEnrollment> =>
      submittedEnrollment(
        t,
        lmaOrdering(
          `Raced Revision ${++names} Dealers`,
          Array.from({ length: dealers }, () => ({
            kitSize: 'Large' as const,
            hispanic: 'Yes' as const,
          })),
          `billing.${names}@raced.example`,
        ),
      )
    const post = (path: string, payload?: object) =>
      t.asAdmin({ method: 'POST', url: path, ...(payload ? { payload } : {}) })
    const read = async (guid: string): Promise<WireEnrollment> =>
      (await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}` })).json()
    async function approved(dealers = 3): Promise<WireEnrollment> {
      const stored = await lma(dealers)
      const answer = await post(`/api/enrollments/${stored.guid}/approve`)
      expect(answer.statusCode, answer.body).toBe(200)
      return read(stored.guid)
    }
    /** Save Changes with the first dealer removed: what the LMA owes changes. */
    const saveWithoutFirstDealer = (loaded: WireEnrollment) =>
      post(`/api/enrollments/${loaded.guid}/update`, {
        ...loaded,
        regionId: loaded.regionId ?? 1,
        dealers: loaded.dealers.slice(1),
      } satisfies Partial<Enrollment>)

    /**
     * Runs `start`'s calls while a second connection holds `lock`: each call is started once the
     * one before waits for the lock, so they queue in this order; then the lock is released and
     * their answers awaited.
     */
    async function together(
      lock: [string, unknown[]],
      starts: Array<() => Promise<LightMyRequestResponse>>,
    ): Promise<LightMyRequestResponse[]> {
      const other = new pg.Client({ connectionString: url })
      await other.connect()
      const calls: Array<Promise<LightMyRequestResponse>> = []
      try {
        await other.query('begin')
        await other.query(lock[0], lock[1])
        for (const [index, start] of starts.entries()) {
          calls.push(start())
          await waitFor(async () => ((await countLockWaiters(url)) > index ? true : undefined))
        }
        await other.query('commit')
        return await Promise.all(calls)
      } finally {
        await Promise.allSettled(calls)
        await other.end()
      }
    }
    const enrollmentLock = (guid: string): [string, unknown[]] => [
      'select id from enrollments where guid = $1 for update',
      [guid],
    ]

    /** The invoice's row, its revisions as kept, and the invoice mails queued for it. */
    async function invoiceOf(guid: string) {
      const invoice = await t.database.db
        .selectFrom('invoices')
        .select(['id', 'invoice_number', 'revision', 'voided_at', 'grand_total_cents'])
        .where('enrollment_guid', '=', guid)
        .executeTakeFirstOrThrow()
      const revisions = await t.database.db
        .selectFrom('invoice_revisions')
        .select('revision')
        .where('invoice_id', '=', invoice.id)
        .orderBy('revision')
        .execute()
      const mails = await t.database.db
        .selectFrom('outbox')
        .select('id')
        .where('enrollment_guid', '=', guid)
        .where('kind', '=', 'invoice')
        .execute()
      return {
        number: invoice.invoice_number,
        revision: Number(invoice.revision),
        void: invoice.voided_at !== null,
        totalCents: Number(invoice.grand_total_cents),
        revisions: revisions.map((row) => Number(row.revision)),
        mails: mails.length,
      }
    }

    /** Every revision kept once and mailed once; the year's numbers unique and gap-free. */
    async function expectConsistent(guid: string, revision: number): Promise<void> {
      const invoice = await invoiceOf(guid)
      expect(invoice.revision).toBe(revision)
      expect(invoice.revisions).toEqual(Array.from({ length: revision }, (_, index) => index + 1))
      expect(invoice.mails).toBe(revision)
      const numbers = await t.database.db
        .selectFrom('invoices')
        .select('invoice_number')
        .where('invoice_year', '=', YEAR)
        .orderBy('invoice_number')
        .execute()
      const counter = await t.database.db
        .selectFrom('invoice_sequences')
        .select('last_number')
        .where('year', '=', YEAR)
        .executeTakeFirstOrThrow()
      expect(numbers.map((row) => row.invoice_number)).toEqual(
        Array.from(
          { length: Number(counter.last_number) },
          (_, index) => `${YEAR}-${String(index + 1).padStart(4, '0')}`,
        ),
      )
      // A live invoice of an Approved LMA bills its dealers as they are.
      const enrollment = await read(guid)
      if (!invoice.void && enrollment.status === 'Approved') {
        expect(invoice.totalCents).toBe(invoiceItems(enrollment.dealers).grandTotalCents)
      }
    }

    it('a Save that revises, then a decline, queued together: revision 2 mailed, then void', async () => {
      const loaded = await approved()
      const before = await invoiceOf(loaded.guid)
      const [saved, declined] = await together(enrollmentLock(loaded.guid), [
        () => saveWithoutFirstDealer(loaded),
        () => post(`/api/enrollments/${loaded.guid}/decline`, { reason: 'Raced' }),
      ])
      expect(saved?.statusCode, saved?.body).toBe(200)
      expect(declined?.statusCode, declined?.body).toBe(200)
      const after = await invoiceOf(loaded.guid)
      expect(after).toMatchObject({ number: before.number, revision: 2, void: true })
      await expectConsistent(loaded.guid, 2)
    })

    it('a decline, then a Save that would revise, queued together: the Save is stale, the invoice void at revision 1', async () => {
      const loaded = await approved()
      const before = await invoiceOf(loaded.guid)
      const [declined, saved] = await together(enrollmentLock(loaded.guid), [
        () => post(`/api/enrollments/${loaded.guid}/decline`),
        () => saveWithoutFirstDealer(loaded),
      ])
      expect(declined?.statusCode, declined?.body).toBe(200)
      // The decline changed the version the Save was loaded at.
      expect(saved?.statusCode, saved?.body).toBe(409)
      expect(await invoiceOf(loaded.guid)).toMatchObject({
        number: before.number,
        revision: 1,
        void: true,
      })
      await expectConsistent(loaded.guid, 1)
    })

    it('two approvals of different LMAs waiting on the year’s counter take the next two numbers', async () => {
      await approved(1)
      const first = await lma()
      const second = await lma()
      const counter = await t.database.db
        .selectFrom('invoice_sequences')
        .select('last_number')
        .where('year', '=', YEAR)
        .executeTakeFirstOrThrow()
      const next = Number(counter.last_number)
      const answers = await together(
        ['select last_number from invoice_sequences where year = $1 for update', [YEAR]],
        [
          () => post(`/api/enrollments/${first.guid}/approve`),
          () => post(`/api/enrollments/${second.guid}/approve`),
        ],
      )
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200])
      const numbers = [(await invoiceOf(first.guid)).number, (await invoiceOf(second.guid)).number]
      expect(numbers.sort()).toEqual(
        [next + 1, next + 2].map((number) => `${YEAR}-${String(number).padStart(4, '0')}`),
      )
      await expectConsistent(first.guid, 1)
      await expectConsistent(second.guid, 1)
    })

    it('a revision and a first issue at once: the revision keeps its number, the issue takes the next', async () => {
      const revised = await approved()
      const reauthorized = await post(`/api/enrollments/${revised.guid}/re-authorize`)
      expect(reauthorized.statusCode).toBe(200)
      const loaded = await read(revised.guid)
      const saved = await saveWithoutFirstDealer(loaded)
      expect(saved.statusCode, saved.body).toBe(200)
      const fresh = await lma()
      const before = await invoiceOf(revised.guid)
      const counter = await t.database.db
        .selectFrom('invoice_sequences')
        .select('last_number')
        .where('year', '=', YEAR)
        .executeTakeFirstOrThrow()
      // Both wait for the counter's row: the first issue needs it; the revision must not.
      const held = new pg.Client({ connectionString: url })
      await held.connect()
      let issuing: Promise<LightMyRequestResponse> | undefined
      try {
        await held.query('begin')
        await held.query('select last_number from invoice_sequences where year = $1 for update', [
          YEAR,
        ])
        issuing = post(`/api/enrollments/${fresh.guid}/approve`)
        await waitFor(async () => ((await countLockWaiters(url)) > 0 ? true : undefined))
        // The revision goes through while the issue waits.
        const revising = await post(`/api/enrollments/${revised.guid}/approve`)
        expect(revising.statusCode, revising.body).toBe(200)
        await held.query('commit')
        expect((await issuing).statusCode).toBe(200)
      } finally {
        await Promise.allSettled([issuing])
        await held.end()
      }
      expect(await invoiceOf(revised.guid)).toMatchObject({ number: before.number, revision: 2 })
      expect((await invoiceOf(fresh.guid)).number).toBe(
        `${YEAR}-${String(Number(counter.last_number) + 1).padStart(4, '0')}`,
      )
      await expectConsistent(revised.guid, 2)
      await expectConsistent(fresh.guid, 1)
    })

    /** An LMA invoiced, sent back and authorized with one dealer fewer: Approving, under revision. */
    async function underRevision(): Promise<WireEnrollment> {
      const loaded = await approved(4)
      expect((await post(`/api/enrollments/${loaded.guid}/re-authorize`)).statusCode).toBe(200)
      const sentBack = await read(loaded.guid)
      const authorized = await t.app.inject({
        method: 'POST',
        url: `/api/enrollments/${loaded.guid}/authorize`,
        payload: {
          ...sentBack,
          regionId: sentBack.regionId ?? 1,
          dealers: sentBack.dealers.slice(1),
        },
      })
      expect(authorized.statusCode, authorized.body).toBe(200)
      return read(loaded.guid)
    }

    it('an approve, then a Save that would revise, queued together: revision 2 for the approval, the Save stale', async () => {
      const loaded = await underRevision()
      const [approval, saved] = await together(enrollmentLock(loaded.guid), [
        () => post(`/api/enrollments/${loaded.guid}/approve`),
        () => saveWithoutFirstDealer(loaded),
      ])
      expect(approval?.statusCode, approval?.body).toBe(200)
      expect(saved?.statusCode, saved?.body).toBe(409)
      await expectConsistent(loaded.guid, 2)
    })

    it('a Save, then an approve, queued together: the approval revises once, with what was saved', async () => {
      const loaded = await underRevision()
      const [saved, approval] = await together(enrollmentLock(loaded.guid), [
        () => saveWithoutFirstDealer(loaded),
        () => post(`/api/enrollments/${loaded.guid}/approve`),
      ])
      expect(saved?.statusCode, saved?.body).toBe(200)
      expect(approval?.statusCode, approval?.body).toBe(200)
      // Two dealers of the four remain, as saved; revision 2 bills them.
      expect((await read(loaded.guid)).dealers).toHaveLength(2)
      await expectConsistent(loaded.guid, 2)
    })

    it('an approved LMA saved twice at once from the same page: one revision, the other Save stale', async () => {
      const loaded = await approved()
      const [first, second] = await together(enrollmentLock(loaded.guid), [
        () => saveWithoutFirstDealer(loaded),
        () =>
          post(`/api/enrollments/${loaded.guid}/update`, {
            ...loaded,
            regionId: loaded.regionId ?? 1,
            dealers: loaded.dealers.slice(0, 1),
          }),
      ])
      expect([first?.statusCode, second?.statusCode]).toEqual([200, 409])
      await expectConsistent(loaded.guid, 2)
    })
  },
)
