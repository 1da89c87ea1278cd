import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVOICE_FIELD } from '../../shared/enrollment/history-changes.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { deliveredMail } from '../test-support/delivered-mail.js'
import { type Kit, lmaOrdering, type Stored } from '../test-support/invoice-calls.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const TOKEN_IN_MAIL = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/
const LARGE: Kit = { kitSize: 'Large', hispanic: 'No' }
const SMALL: Kit = { kitSize: 'Small', hispanic: 'No' }

/**
 * Invoices follow their enrollment (docs/product.md#invoices, the lifecycle table): every rule seen
 * where the office and the enrollee look — the invoice, the payment panel's state, the list's
 * amount, the dashboard's money, the status page and the mails.
 */
describe.each(testDatabaseKinds())('an invoice follows its enrollment on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  let names = 0
  async function approvedLma(kits: Kit[]): Promise<Stored & { token: string }> {
    const name = `Following Dealers ${++names}`
    const { guid } = await submittedEnrollment(
      t,
      lmaOrdering(name, kits, `billing${names}@follow.example`),
    )
    const receipt = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_guid', '=', guid)
      .where('kind', '=', 'submission-receipt')
      .executeTakeFirstOrThrow()
    const token = TOKEN_IN_MAIL.exec((await deliveredMail(t.app, receipt.id)).text)?.[1]
    expect(token).toBeDefined()
    await act('approve', guid)
    return { ...(await read(guid)), token: token as string }
  }
  const read = async (guid: string): Promise<Stored> =>
    (await t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}` })).json()
  async function act(action: string, guid: string, payload?: object) {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guid}/${action}`,
      ...(payload ? { payload } : {}),
    })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }
  const invoice = async (guid: string) =>
    (await t.asAdmin({ method: 'GET', url: `/api/invoices/${guid}` })).json()
  const payment = (guid: string) =>
    t.asAdmin({ method: 'GET', url: `/api/enrollments/${guid}/payment` })
  const statusPage = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/status/${token}` })).json()
  async function listAmount(guid: string): Promise<number | undefined> {
    const response = await t.asAdmin({ method: 'GET', url: '/api/enrollments?year=2025' })
    const rows = response.json() as Array<{ guid: string; amount: number }>
    return rows.find((row) => row.guid === guid)?.amount
  }
  async function invoicedOnDashboard(): Promise<number> {
    const body = (await t.asAdmin({ method: 'GET', url: '/api/dashboard?year=2025' })).json()
    return body.invoiced.current
  }
  const mails = (guid: string, kindOfMail: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['id', 'recipient', 'subject'])
      .where('enrollment_guid', '=', guid)
      .where('kind', '=', kindOfMail)
      .orderBy('id')
      .execute()

  it('stays live, visible, payable and counted while its LMA is sent back, marked under revision', async () => {
    const lma = await approvedLma([LARGE, SMALL])
    const invoicedBefore = await invoicedOnDashboard()
    await act('re-authorize', lma.guid, { reason: 'Please add dealer 118008' })
    const sentBack = await invoice(lma.guid)
    expect(sentBack).toMatchObject({ standing: 'under-revision', revision: 1, grandTotal: 725 })
    expect((await payment(lma.guid)).json()).toMatchObject({
      standing: 'under-revision',
      grandTotal: 725,
    })
    expect(await invoicedOnDashboard()).toBe(invoicedBefore)
    expect(await listAmount(lma.guid)).toBe(725)
    const page = await statusPage(lma.token)
    expect(page.invoice).toMatchObject({ standing: 'under-revision', grandTotal: 725 })
    expect(page.sentBack).toMatchObject({ reason: 'Please add dealer 118008' })
    expect(page.timeline.map((step: { event: string }) => step.event)).toContain('invoiced')
    const paid = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${lma.guid}/payment`,
      payload: { paidOn: new Date().toISOString().slice(0, 10), reference: 'Check 1' },
    })
    expect(paid.statusCode, paid.body).toBe(200)
  })

  it('is revised by an edit after approval that changes what it owes: same number, revision 2, mailed saying what it replaces', async () => {
    const lma = await approvedLma([LARGE, LARGE, SMALL])
    const first = await invoice(lma.guid)
    expect(first).toMatchObject({ revision: 1, grandTotal: 1125 })
    const saved = await act('update', lma.guid, {
      ...lma,
      regionId: 1,
      dealers: lma.dealers.slice(0, 2),
    })
    expect(saved.status).toBe('Approved')
    const second = await invoice(lma.guid)
    expect(second).toMatchObject({
      invoiceNumber: first.invoiceNumber,
      revision: 2,
      standing: 'live',
      grandTotal: 800,
    })
    expect(second.revisions).toEqual([
      { revision: 1, invoiceDate: first.invoiceDate, grandTotal: 1125 },
      { revision: 2, invoiceDate: second.invoiceDate, grandTotal: 800 },
    ])
    expect(await listAmount(lma.guid)).toBe(800)
    const invoiceMails = await mails(lma.guid, 'invoice')
    expect(invoiceMails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(new RegExp(`^Invoice ${first.invoiceNumber}: `)),
      expect.stringMatching(new RegExp(`^Invoice ${first.invoiceNumber}, revision 2: `)),
    ])
    const revisionMail = await deliveredMail(t.app, invoiceMails[1]?.id ?? '')
    expect(revisionMail.text).toContain('this revision replaces revision 1')
    expect(revisionMail.attachments?.[0]?.filename).toBe(`invoice-${first.invoiceNumber}-r2.pdf`)
    const earlier = await t.asAdmin({
      method: 'GET',
      url: `/api/invoices/${lma.guid}/pdf?revision=1`,
    })
    expect(earlier.statusCode).toBe(200)
    expect(earlier.headers['content-disposition']).toContain(`invoice-${first.invoiceNumber}.pdf`)
    const none = await t.asAdmin({ method: 'GET', url: `/api/invoices/${lma.guid}/pdf?revision=9` })
    expect(none.statusCode).toBe(404)
    const history = (
      await t.asAdmin({ method: 'GET', url: `/api/enrollments/${lma.guid}/history` })
    ).json()
    const changes = history.flatMap((entry: { changes: Array<{ field: string }> }) => entry.changes)
    expect(changes).toContainEqual({
      field: INVOICE_FIELD,
      before: `${first.invoiceNumber} revision 1`,
      after: `${first.invoiceNumber} revision 2`,
    })
  })

  it('is not revised nor mailed by an edit that leaves what it owes as it is', async () => {
    const lma = await approvedLma([LARGE])
    await act('update', lma.guid, { ...lma, regionId: 1, lma: { ...lma.lma, city: 'Elsewhere' } })
    expect(await invoice(lma.guid)).toMatchObject({ revision: 1 })
    expect(await mails(lma.guid, 'invoice')).toHaveLength(1)
  })

  it('is revised by a re-approval with fewer dealers, and left as it is by one without a change', async () => {
    const lma = await approvedLma([LARGE, SMALL])
    const first = await invoice(lma.guid)
    await act('re-authorize', lma.guid)
    await act('approve', lma.guid)
    expect(await invoice(lma.guid)).toMatchObject({ revision: 1, standing: 'live' })
    expect(await mails(lma.guid, 'invoice')).toHaveLength(1)
    const back = await act('re-authorize', lma.guid)
    await act('update', lma.guid, { ...back, regionId: 1, dealers: back.dealers.slice(0, 1) })
    // Sent back, the edit leaves the invoice under revision: the re-approval revises it.
    expect(await invoice(lma.guid)).toMatchObject({ revision: 1, grandTotal: 725 })
    await act('approve', lma.guid)
    expect(await invoice(lma.guid)).toMatchObject({
      invoiceNumber: first.invoiceNumber,
      revision: 2,
      grandTotal: 400,
      standing: 'live',
    })
    expect(await mails(lma.guid, 'invoice')).toHaveLength(2)
  })

  it('is voided by a decline: kept, out of the money, no payment taken, a payment made shown as a credit due back, no mail', async () => {
    const lma = await approvedLma([LARGE])
    const paidOn = new Date().toISOString().slice(0, 10)
    const paid = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${lma.guid}/payment`,
      payload: { paidOn, reference: 'Wire 9' },
    })
    expect(paid.statusCode, paid.body).toBe(200)
    const invoicedBefore = await invoicedOnDashboard()
    const mailsBefore = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_guid', '=', lma.guid)
      .execute()
    await act('decline', lma.guid, { reason: 'Duplicate of another LMA', shareReason: false })
    expect(await invoice(lma.guid)).toMatchObject({
      standing: 'void',
      voided: { cause: 'declined', reason: 'Duplicate of another LMA' },
    })
    expect(await invoicedOnDashboard()).toBe(invoicedBefore - 400)
    expect((await payment(lma.guid)).json()).toMatchObject({
      standing: 'void',
      creditDueBack: 400,
      overdue: false,
    })
    const page = await statusPage(lma.token)
    expect(page.invoice).toMatchObject({ standing: 'void', creditDueBack: 400 })
    expect(page.declineReason).toBeNull()
    const document = (
      await t.app.inject({ method: 'GET', url: `/api/status/${lma.token}/invoice` })
    ).json()
    expect(document.invoice.voided).toEqual({ on: expect.any(String), cause: 'declined' })
    const cleared = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${lma.guid}/payment/clear`,
    })
    expect(cleared.statusCode, cleared.body).toBe(200)
    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${lma.guid}/payment`,
      payload: { paidOn, reference: 'Wire 9' },
    })
    expect(again.statusCode).toBe(409)
    const mailsAfter = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_guid', '=', lma.guid)
      .execute()
    expect(mailsAfter).toHaveLength(mailsBefore.length)
  })

  it('withdraws the invoice and approval mails not sent yet when it is voided or revised: they never go out, and Send Again refuses them', async () => {
    const lma = await approvedLma([LARGE, SMALL])
    await act('update', lma.guid, { ...lma, regionId: 1, dealers: lma.dealers.slice(0, 1) })
    const [first, second] = await mails(lma.guid, 'invoice')
    const pending = async (id: string) =>
      t.database.db
        .selectFrom('outbox')
        .select(['held_at', 'last_error', 'sent_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    expect(await pending(first?.id ?? '')).toMatchObject({
      sent_at: null,
      last_error: expect.stringMatching(/^Withdrawn: replaced by revision 2 of invoice /),
    })
    expect((await pending(second?.id ?? '')).held_at).toBeNull()
    await act('decline', lma.guid)
    const confirmation = (await mails(lma.guid, 'approval-confirmation'))[0]
    for (const id of [second?.id, confirmation?.id]) {
      expect(await pending(id ?? '')).toMatchObject({
        sent_at: null,
        last_error: 'Withdrawn: the enrollment was declined.',
      })
    }
    await t.app.mail.deliverNow()
    expect((await pending(second?.id ?? '')).sent_at).toBeNull()
    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${lma.guid}/mails/${second?.id}/send-again`,
    })
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/^This mail was withdrawn and cannot be sent again\./)
  })

  it('leaves the balance due when a paid invoice is revised upwards, and owes back only what was received once it is void', async () => {
    const lma = await approvedLma([LARGE])
    const paidOn = new Date().toISOString().slice(0, 10)
    const pay = () =>
      t.asAdmin({
        method: 'POST',
        url: `/api/enrollments/${lma.guid}/payment`,
        payload: { paidOn, reference: 'Check 400' },
      })
    expect((await pay()).statusCode).toBe(200)
    await act('update', lma.guid, {
      ...lma,
      regionId: 1,
      dealers: [...lma.dealers, { ...lma.dealers[0], bac: '118008', name: 'Added Dealer' }],
    })
    expect((await payment(lma.guid)).json()).toMatchObject({
      revision: 2,
      grandTotal: 800,
      paidOn,
      paidAmount: 400,
      balance: 400,
    })
    const page = await statusPage(lma.token)
    expect(page.invoice).toMatchObject({ paidAmount: 400, balance: 400 })
    await act('decline', lma.guid)
    expect((await payment(lma.guid)).json()).toMatchObject({
      standing: 'void',
      creditDueBack: 400,
      balance: 0,
    })
  })

  it('comes back as the next revision when a declined LMA is approved again', async () => {
    const lma = await approvedLma([SMALL])
    const first = await invoice(lma.guid)
    await act('decline', lma.guid)
    await act('approve', lma.guid)
    expect(await invoice(lma.guid)).toMatchObject({
      invoiceNumber: first.invoiceNumber,
      revision: 2,
      standing: 'live',
      voided: null,
    })
  })

  it('is voided by a delete, and stays in the accounts', async () => {
    const lma = await approvedLma([LARGE])
    const invoicedBefore = await invoicedOnDashboard()
    await act('delete', lma.guid)
    expect(await invoice(lma.guid)).toMatchObject({
      standing: 'void',
      voided: { cause: 'deleted' },
    })
    expect(await invoicedOnDashboard()).toBe(invoicedBefore - 400)
  })
})
