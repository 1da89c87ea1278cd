import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatDateTime } from '../../shared/format/date-text.js'
import { paymentDueDate } from '../../shared/invoice/invoice.js'
import {
  ADMIN_CLAIMS,
  type AdminTestApp,
  createAdminTestApp,
} from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import {
  onlySheet,
  openWorkbook,
  postReportForm,
  rowValues,
} from '../test-support/report-download.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

describe.each(testDatabaseKinds())('the program office workflow on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  let counter = 0
  const lma = (dealers = 2) =>
    submittedEnrollment(t, lmaEnrollment(dealers, { name: `Office ${++counter} Dealers` }))
  const dealer = (overrides: Parameters<typeof dealerEnrollment>[0] = {}) =>
    submittedEnrollment(t, dealerEnrollment({ bac: `OF${++counter}`, ...overrides }))
  const post = (url: string, payload?: unknown) =>
    t.asAdmin({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
    })
  const get = (url: string) => t.asAdmin({ method: 'GET', url })
  const history = async (guid: string) => (await get(`/api/enrollments/${guid}/history`)).json()
  const statusOf = async (guid: string) =>
    (await t.app.inject(`/api/enrollments/${guid}`)).json().status

  describe('reasons', () => {
    it('keeps the reason of a Decline and of a Re-authorize in the history', async () => {
      const stored = await lma()
      const declined = await post(`/api/enrollments/${stored.guid}/decline`, {
        reason: '  Duplicate of the\r\nValley LMA  ',
      })
      expect(declined.statusCode).toBe(200)
      const reauthorized = await post(`/api/enrollments/${stored.guid}/re-authorize`, {
        reason: 'Representative asked for changes',
      })
      expect(reauthorized.statusCode).toBe(200)
      const entries = await history(stored.guid)
      expect(
        entries.map((entry: { action: string; reason: string | null }) => [
          entry.action,
          entry.reason,
        ]),
      ).toEqual([
        ['submitted', null],
        ['declined', 'Duplicate of the\nValley LMA'],
        ['re-authorized', 'Representative asked for changes'],
      ])
    })

    it('still takes no body, and refuses an over-long reason without changing anything', async () => {
      const stored = await lma()
      expect((await post(`/api/enrollments/${stored.guid}/decline`)).statusCode).toBe(200)
      const other = await lma()
      const refused = await post(`/api/enrollments/${other.guid}/decline`, {
        reason: 'x'.repeat(501),
      })
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors).toEqual({ reason: ['Must be <= 500 characters.'] })
      expect(await statusOf(other.guid)).toBe('Authorizing')
      expect((await history(other.guid)).length).toBe(1)
      const unknownField = await post(`/api/enrollments/${other.guid}/decline`, { why: 'no' })
      expect(unknownField.statusCode).toBe(400)
      expect(await statusOf(other.guid)).toBe('Authorizing')
    })
  })

  describe('notes', () => {
    it('adds notes with author and time, lists them oldest first, keeps them off public answers', async () => {
      const stored = await lma()
      const first = await post(`/api/enrollments/${stored.guid}/notes`, {
        text: 'Called the LMA\nabout kits',
      })
      expect(first.statusCode).toBe(201)
      expect(first.json()).toMatchObject({
        author: 'ada.admin@contoso.example',
        text: 'Called the LMA\nabout kits',
      })
      await post(`/api/enrollments/${stored.guid}/notes`, { text: 'Second <b>note</b>' })
      const notes = (await get(`/api/enrollments/${stored.guid}/notes`)).json()
      expect(notes.map((note: { text: string }) => note.text)).toEqual([
        'Called the LMA\nabout kits',
        'Second <b>note</b>',
      ])
      expect(Date.parse(notes[0].at)).toBeGreaterThan(Date.now() - 60_000)
      const publicAnswer = await t.app.inject(`/api/enrollments/${stored.guid}`)
      expect(publicAnswer.body).not.toContain('Called the LMA')
    })

    it('refuses an empty, over-long or foreign note, and notes of an unknown enrollment', async () => {
      const stored = await lma()
      const empty = await post(`/api/enrollments/${stored.guid}/notes`, { text: '   ' })
      expect(empty.statusCode).toBe(400)
      expect(empty.json().errors).toEqual({ text: ['Write the note first.'] })
      const long = await post(`/api/enrollments/${stored.guid}/notes`, { text: 'n'.repeat(2001) })
      expect(long.json().errors).toEqual({ text: ['Must be <= 2000 characters.'] })
      const control = await post(`/api/enrollments/${stored.guid}/notes`, { text: 'bell\u0007' })
      expect(control.statusCode).toBe(400)
      expect((await get(`/api/enrollments/${stored.guid}/notes`)).json()).toEqual([])
      const unknown = await post('/api/enrollments/00000000-0000-4000-8000-000000000000/notes', {
        text: 'x',
      })
      expect(unknown.statusCode).toBe(404)
      const anonymous = await t.app.inject({
        method: 'GET',
        url: `/api/enrollments/${stored.guid}/notes`,
      })
      expect(anonymous.statusCode).toBe(401)
    })
  })

  describe('mail status', () => {
    const mailsOf = async (guid: string) => (await get(`/api/enrollments/${guid}/mails`)).json()
    /** Waits until the worker has sent the enrollment's mails, so a test's change is not undone. */
    const delivered = (guid: string) =>
      waitFor(async () =>
        (await mailsOf(guid)).every((mail: { status: string }) => mail.status === 'sent')
          ? true
          : undefined,
      )

    it('lists the mails of an enrollment and sends a failed one again, once', async () => {
      const stored = await lma()
      await delivered(stored.guid)
      const mails = await mailsOf(stored.guid)
      expect(mails.map((mail: { kind: string }) => mail.kind).sort()).toEqual([
        'authorization-request',
        'submission-receipt',
      ])
      const request = mails.find((mail: { kind: string }) => mail.kind === 'authorization-request')
      // What the worker leaves when it gives up: due at infinity, the relay's error kept.
      await t.database.db
        .updateTable('outbox')
        .set({
          sent_at: null,
          attempts: 15,
          next_attempt_at: 'infinity',
          claimed_at: null,
          last_error: 'connect to smtp://relay:hunter2@mail.example failed; password=hunter2',
        })
        .where('id', '=', request.id)
        .execute()
      const failed = (await mailsOf(stored.guid)).find(
        (mail: { id: string }) => mail.id === request.id,
      )
      expect(failed).toMatchObject({ status: 'failed', attempts: 15, sentAt: null })
      expect(failed.lastError).not.toContain('hunter2')
      expect(failed.lastError).toContain('mail.example')

      const again = await post(`/api/enrollments/${stored.guid}/mails/${request.id}/send-again`)
      expect(again.statusCode).toBe(200)
      expect(['queued', 'sending', 'sent']).toContain(again.json().status)
      const entry = (await history(stored.guid)).at(-1)
      expect(entry).toMatchObject({ action: 'mail sent again', actor: 'ada.admin@contoso.example' })
      expect(entry.changes[0].after).toContain('authorization-request to ')
      // Sent (or on its way): a second click changes nothing.
      await t.database.db
        .updateTable('outbox')
        .set({ sent_at: new Date() })
        .where('id', '=', request.id)
        .execute()
      const twice = await post(`/api/enrollments/${stored.guid}/mails/${request.id}/send-again`)
      expect(twice.statusCode).toBe(409)
      expect(twice.json().detail).toBe('This mail has already been sent.')
    })

    it('a mail sent again settles as sent: attempts counted afresh, the error cleared', async () => {
      const stored = await lma()
      const request = (await mailsOf(stored.guid)).find(
        (mail: { kind: string }) => mail.kind === 'authorization-request',
      )
      await delivered(stored.guid)
      await t.database.db
        .updateTable('outbox')
        .set({ sent_at: null, attempts: 15, next_attempt_at: 'infinity', last_error: '421 busy' })
        .where('id', '=', request.id)
        .execute()
      const again = await post(`/api/enrollments/${stored.guid}/mails/${request.id}/send-again`)
      expect(again.statusCode).toBe(200)
      const settled = await waitFor(async () => {
        const mail = (await mailsOf(stored.guid)).find(
          (each: { id: string }) => each.id === request.id,
        )
        return mail.status === 'sent' ? mail : undefined
      })
      expect(settled).toMatchObject({ attempts: 1, lastError: null, nextAttemptAt: null })
      expect(Date.parse(settled.sentAt)).toBeGreaterThan(Date.now() - 60_000)
    })

    it('"A mail failed" lists exactly the enrollments whose dialog shows a failed mail', async () => {
      const states = {
        failed: { sent_at: null, attempts: 15, next_attempt_at: 'infinity', claimed_at: null },
        retrying: {
          sent_at: null,
          attempts: 3,
          next_attempt_at: new Date(Date.now() + 3_600_000),
          claimed_at: null,
        },
        sending: {
          sent_at: null,
          attempts: 1,
          next_attempt_at: new Date(Date.now() + 300_000),
          claimed_at: new Date(),
        },
        queued: {
          sent_at: null,
          attempts: 0,
          next_attempt_at: new Date(Date.now() + 3_600_000),
          claimed_at: null,
        },
        // Failed once, then sent again and delivered: it is sent, not failed.
        sentAgain: {
          sent_at: new Date(),
          attempts: 1,
          next_attempt_at: 'infinity',
          claimed_at: null,
        },
      } as const
      const guids: Record<string, string> = {}
      // Each state due later than the test runs, so the worker leaves the rows alone.
      for (const [state, values] of Object.entries(states)) {
        const stored = await lma()
        guids[state] = stored.guid
        await delivered(stored.guid)
        await t.database.db
          .updateTable('outbox')
          .set({ ...values, recipient: 'nobody@invalid.example' })
          .where('enrollment_guid', '=', stored.guid)
          .execute()
      }
      const listed = (await get('/api/enrollments?attention=failed-mail'))
        .json()
        .map((row: { guid: string }) => row.guid)
      for (const [state, guid] of Object.entries(guids)) {
        const statuses = (await mailsOf(guid)).map((mail: { status: string }) => mail.status)
        expect(statuses, state).toEqual(
          Array(statuses.length).fill(state === 'sentAgain' ? 'sent' : state),
        )
        expect(listed.includes(guid), state).toBe(statuses.includes('failed'))
      }
    })

    it('refuses a mail of another enrollment and a malformed mail id', async () => {
      const one = await lma()
      const other = await lma()
      const mail = (await mailsOf(one.guid))[0]
      expect(
        (await post(`/api/enrollments/${other.guid}/mails/${mail.id}/send-again`)).statusCode,
      ).toBe(404)
      expect((await post(`/api/enrollments/${other.guid}/mails/abc/send-again`)).statusCode).toBe(
        400,
      )
    })
  })

  describe('invoice payments', () => {
    async function approvedLma(): Promise<WireEnrollment> {
      const stored = await lma(2)
      expect((await post(`/api/enrollments/${stored.guid}/approve`)).statusCode).toBe(200)
      return stored
    }
    const today = () => new Date().toISOString().slice(0, 10)

    it('marks an invoice paid and unpaid again, with history', async () => {
      const stored = await approvedLma()
      const unpaid = (await get(`/api/enrollments/${stored.guid}/payment`)).json()
      expect(unpaid).toMatchObject({ paidOn: null, reference: null, overdue: false })
      expect(unpaid.dueDate).toBe(paymentDueDate(unpaid.invoiceDate))
      const paid = await post(`/api/enrollments/${stored.guid}/payment`, {
        paidOn: unpaid.invoiceDate,
        reference: 'Check 1042',
      })
      expect(paid.statusCode).toBe(200)
      expect(paid.json()).toMatchObject({ paidOn: unpaid.invoiceDate, reference: 'Check 1042' })
      const cleared = await post(`/api/enrollments/${stored.guid}/payment/clear`)
      expect(cleared.json()).toMatchObject({ paidOn: null, reference: null })
      const again = await post(`/api/enrollments/${stored.guid}/payment/clear`)
      expect(again.statusCode).toBe(409)
      const actions = (await history(stored.guid)).map((entry: { action: string }) => entry.action)
      expect(actions.slice(-2)).toEqual(['invoice marked paid', 'invoice marked unpaid'])
    })

    it('never overwrites a recorded payment: the same one again changes nothing, another is a 409', async () => {
      const stored = await approvedLma()
      const { invoiceDate } = (await get(`/api/enrollments/${stored.guid}/payment`)).json()
      const first = { paidOn: invoiceDate, reference: 'Check 1042' }
      expect((await post(`/api/enrollments/${stored.guid}/payment`, first)).statusCode).toBe(200)
      const entries = (await history(stored.guid)).length

      const repeated = await post(`/api/enrollments/${stored.guid}/payment`, first)
      expect(repeated.statusCode).toBe(200)
      expect(repeated.json()).toMatchObject(first)
      expect(await history(stored.guid)).toHaveLength(entries)

      for (const other of [
        { paidOn: invoiceDate, reference: 'Wire 77' },
        { paidOn: today(), reference: 'Check 1042' },
        { paidOn: invoiceDate },
      ]) {
        if (other.paidOn === invoiceDate && other.reference === 'Check 1042') continue
        const refused = await post(`/api/enrollments/${stored.guid}/payment`, other)
        expect(refused.statusCode).toBe(409)
        expect(refused.json().detail).toBe(
          'This invoice is already marked paid. To record a different payment, mark it unpaid first.',
        )
      }
      expect((await get(`/api/enrollments/${stored.guid}/payment`)).json()).toMatchObject(first)
      expect(await history(stored.guid)).toHaveLength(entries)
    })

    it('is overdue when unpaid past Net 60, and refuses impossible dates', async () => {
      const stored = await approvedLma()
      await t.database.db
        .updateTable('invoices')
        .set({ invoice_date: '2020-01-02' })
        .where('enrollment_guid', '=', stored.guid)
        .execute()
      const state = (await get(`/api/enrollments/${stored.guid}/payment`)).json()
      expect(state).toMatchObject({ dueDate: '2020-03-02', overdue: true })
      for (const [paidOn, field] of [
        ['2020-02-30', 'Enter the date as YYYY-MM-DD.'],
        ['02/03/2020', 'Enter the date as YYYY-MM-DD.'],
        ['2019-12-31', 'The invoice is dated Jan 2, 2020.'],
        ['2999-01-01', 'Enter a date that has passed.'],
      ]) {
        const refused = await post(`/api/enrollments/${stored.guid}/payment`, { paidOn })
        expect(refused.statusCode).toBe(400)
        expect(refused.json().errors.paidOn).toEqual([field])
      }
      expect((await get(`/api/enrollments/${stored.guid}/payment`)).json().paidOn).toBeNull()
      const paid = await post(`/api/enrollments/${stored.guid}/payment`, { paidOn: today() })
      expect(paid.json()).toMatchObject({ overdue: false, reference: null })
    })

    it('has no invoice for a dealer enrollment', async () => {
      const stored = await dealer()
      expect((await get(`/api/enrollments/${stored.guid}/payment`)).statusCode).toBe(404)
    })
  })

  describe('bulk actions', () => {
    it('approves a selection: each done once, refusals skipped with their reason', async () => {
      const lmas = [await lma(1), await lma(1), await lma(1)]
      const none = await dealer({ billing: 'None' })
      await post(`/api/enrollments/${lmas[2]?.guid}/approve`)
      const guids = [...lmas.map((each) => each.guid), none.guid]
      const response = await post('/api/enrollments/bulk/approve', { guids })
      expect(response.statusCode).toBe(200)
      const answer = response.json()
      expect(answer).toMatchObject({ done: 2, skipped: 2, failed: 0 })
      expect(answer.results).toEqual([
        { guid: lmas[0]?.guid, outcome: 'done', status: 'Approved', reason: null },
        { guid: lmas[1]?.guid, outcome: 'done', status: 'Approved', reason: null },
        {
          guid: lmas[2]?.guid,
          outcome: 'skipped',
          status: null,
          reason: 'This enrollment is already approved.',
        },
        {
          guid: none.guid,
          outcome: 'skipped',
          status: null,
          reason: 'A dealer who declined billing cannot be approved.',
        },
      ])
      const invoices = await t.database.db
        .selectFrom('invoices')
        .select('enrollment_guid')
        .where('enrollment_guid', 'in', guids)
        .execute()
      expect(invoices).toHaveLength(3)
    })

    it('previews a selection by the same rules and changes nothing (dryRun)', async () => {
      const open = await lma(1)
      const approved = await lma(1)
      const none = await dealer({ billing: 'None' })
      await post(`/api/enrollments/${approved.guid}/approve`)
      const guids = [open.guid, approved.guid, none.guid]
      const preview = await post('/api/enrollments/bulk/approve', { guids, dryRun: true })
      expect(preview.json()).toMatchObject({ done: 1, skipped: 2, failed: 0 })
      expect(preview.json().results.map((each: { reason: string | null }) => each.reason)).toEqual([
        null,
        'This enrollment is already approved.',
        'A dealer who declined billing cannot be approved.',
      ])
      expect(await statusOf(open.guid)).toBe('Authorizing')
      const declinePreview = await post('/api/enrollments/bulk/decline', { guids, dryRun: true })
      // A dealer who declined billing is stored Declined: only the other two would change.
      expect(declinePreview.json()).toMatchObject({ done: 2, skipped: 1 })
      expect(declinePreview.json().results[2].reason).toBe('This enrollment is already declined.')
      expect(await statusOf(approved.guid)).toBe('Approved')
    })

    it('declines a selection with one reason', async () => {
      const a = await lma(1)
      const b = await dealer()
      const response = await post('/api/enrollments/bulk/decline', {
        guids: [a.guid, b.guid],
        reason: 'Late',
      })
      expect(response.json()).toMatchObject({ done: 2, skipped: 0, failed: 0 })
      expect((await history(b.guid)).at(-1)).toMatchObject({ action: 'declined', reason: 'Late' })
    })

    it('refuses unknown ids, repeats, empty and oversized selections, changing nothing', async () => {
      const a = await lma(1)
      const unknown = '00000000-0000-4000-8000-0000000000ff'
      const cases: Array<[unknown, string, string[]]> = [
        [{ guids: [a.guid, unknown] }, 'guids', [`There is no enrollment with the id ${unknown}.`]],
        [{ guids: [a.guid, a.guid] }, 'guids', ['Each enrollment may be named once.']],
        [{ guids: [] }, 'guids', ['Select at least one enrollment.']],
        [{ guids: ['not-a-uuid'] }, 'guids.0', ['Each enrollment id must be a UUID.']],
      ]
      for (const [body, field, errors] of cases) {
        const response = await post('/api/enrollments/bulk/approve', body)
        expect(response.statusCode).toBe(400)
        expect(response.json().errors[field]).toEqual(errors)
      }
      const tooMany = Array.from(
        { length: 501 },
        (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      )
      const oversized = await post('/api/enrollments/bulk/approve', { guids: tooMany })
      expect(oversized.statusCode).toBe(400)
      expect(oversized.json().errors.guids).toEqual([
        'At most 500 enrollments can be changed in one request.',
      ])
      expect((await post('/api/enrollments/bulk/delete', { guids: [a.guid] })).statusCode).toBe(400)
      expect(await statusOf(a.guid)).toBe('Authorizing')
    })
  })

  describe('the list and the export', () => {
    const listed = async (query: string) =>
      (await get(`/api/enrollments?${query}`)).json().map((row: { guid: string }) => row.guid)

    it('filters the list to enrollments with a failed mail or an overdue invoice', async () => {
      const failing = await lma()
      const overdue = await lma()
      const paidLate = await lma()
      const fine = await lma()
      await t.database.db
        .updateTable('outbox')
        .set({ attempts: 15, next_attempt_at: 'infinity', sent_at: null })
        .where('enrollment_guid', '=', failing.guid)
        .where('kind', '=', 'authorization-request')
        .execute()
      for (const each of [overdue, paidLate, fine])
        await post(`/api/enrollments/${each.guid}/approve`)
      await t.database.db
        .updateTable('invoices')
        .set({ invoice_date: '2020-01-02' })
        .where('enrollment_guid', 'in', [overdue.guid, paidLate.guid])
        .execute()
      await post(`/api/enrollments/${paidLate.guid}/payment`, { paidOn: '2020-06-01' })
      // What needs attention changes with the outbox, the invoices and the clock: never a 304.
      const answer = await get('/api/enrollments?attention=failed-mail')
      expect(answer.headers.etag).toBeUndefined()
      const mails = await listed('attention=failed-mail')
      expect(mails).toContain(failing.guid)
      expect(mails).not.toContain(overdue.guid)
      const invoices = await listed('attention=overdue-invoice')
      expect(invoices).toContain(overdue.guid)
      for (const guid of [paidLate.guid, fine.guid, failing.guid])
        expect(invoices).not.toContain(guid)
      const refused = await get('/api/enrollments?attention=everything')
      expect(refused.statusCode).toBe(400)
      expect(refused.json().errors.attention).toEqual([
        'Attention must be one of failed-mail, overdue-invoice.',
      ])
    })

    it('puts the notes in the Excel export, one column', async () => {
      const stored = await lma(1)
      await post(`/api/enrollments/${stored.guid}/notes`, { text: 'First call' })
      await post(`/api/enrollments/${stored.guid}/notes`, { text: '=HYPERLINK("x")' })
      const token = await t.idp.sign(ADMIN_CLAIMS)
      const sheet = onlySheet(
        await openWorkbook(
          await postReportForm(t.app, '/api/reports/export', { bearer_token: token }),
        ),
      )
      const headers = rowValues(sheet, 1)
      const notesColumn = headers.indexOf('Notes (internal)')
      const idColumn = headers.indexOf('Enrollment ID')
      let notes: unknown
      sheet.eachRow((row, number) => {
        const values = rowValues(sheet, number)
        if (values[idColumn] === stored.guid) notes = values[notesColumn]
        return row
      })
      // Each note's time as every time is shown (in UTC, as a workbook is), with its author.
      const kept = (await get(`/api/enrollments/${stored.guid}/notes`)).json() as { at: string }[]
      const when = kept.map((note) => formatDateTime(note.at, 'UTC').replace(/\s/g, ' '))
      expect(notes).toBe(
        `${when[0]} ada.admin@contoso.example: First call\n${when[1]} ada.admin@contoso.example: =HYPERLINK("x")`,
      )
    })
  })
})
