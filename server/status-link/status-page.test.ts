import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOST_LINK_ANSWER } from '../../shared/enrollment/status-page-schema.js'
import { programToday } from '../../shared/invoice/invoice.js'
import { capabilityHash } from '../capability/capability-token.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { deliveredMail } from '../test-support/delivered-mail.js'
import {
  dealerEnrollment,
  dealerEntry,
  lmaEnrollment,
} from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment, type WireEnrollment } from '../test-support/submitted-enrollment.js'
import { createTestApp, type TestApp } from '../test-support/test-app.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { ADDRESS_GONE, REPLACED_BY_REISSUE } from './status-links.js'
import { STATUS_LINK_NOT_VALID } from './status-page.js'

const TOKEN_IN_MAIL = /\/chevy\/enrollment\/status\/([A-Za-z0-9_-]{43})/

function expectPrivate(response: LightMyRequestResponse): void {
  expect(response.headers['cache-control']).toBe('no-store')
  expect(response.headers['referrer-policy']).toBe('no-referrer')
}

function expectNotValid(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(404)
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(response.json().detail).toBe(STATUS_LINK_NOT_VALID)
  expectPrivate(response)
}

/**
 * The status link (docs/security.md#status-links): the receipt's link opens its enrollment's
 * status page and nothing else, for 18 months from submission, until the office revokes it;
 * "Lost the mail?" mails new links to a known address and answers an unknown one alike.
 */
describe.each(testDatabaseKinds())('the status link on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, {}, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  let names = 0
  const submitLma = (lma: Parameters<typeof lmaEnrollment>[1] = {}) =>
    submittedEnrollment(t, lmaEnrollment(2, { name: `Status Dealers ${++names}`, ...lma }))

  /** The tokens of the status links mailed about an enrollment, newest last. */
  async function mailedTokens(
    guid: string,
    kindOfMail: string,
    recipient?: string,
    sentOnly = false,
  ) {
    let query = t.database.db
      .selectFrom('outbox')
      .select(['id', 'recipient'])
      .where('enrollment_guid', '=', guid)
      .where('kind', '=', kindOfMail)
    if (sentOnly) query = query.where('sent_at', 'is not', null)
    if (recipient) query = query.where('recipient', '=', recipient)
    const rows = await query.orderBy('id').execute()
    const tokens: string[] = []
    for (const row of rows) {
      const mail = await deliveredMail(t.app, row.id)
      const token = TOKEN_IN_MAIL.exec(mail.text)?.[1]
      expect(token, mail.text).toBeDefined()
      expect(mail.html).toContain(`/chevy/enrollment/status/${token}`)
      tokens.push(token as string)
    }
    return tokens
  }
  const receiptToken = async (stored: WireEnrollment) =>
    (await mailedTokens(stored.guid, 'submission-receipt'))[0] as string
  /**
   * Asks "Lost the mail?" for `email` and delivers what it queued: the tokens of its one mail, in
   * the mail's order (none when it was held back), and the outbox row.
   */
  async function askLostLinks(email: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email },
    })
    expect(response.statusCode).toBe(202)
    expect(response.json()).toEqual({ message: LOST_LINK_ANSWER })
    expectPrivate(response)
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'status-link')
      .where('recipient', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(row.enrollment_guid).toBeNull()
    await t.app.mail.deliverNow()
    const after = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow()
    if (after.held_at) return { tokens: [] as string[], row: after, mail: undefined }
    const mail = await deliveredMail(t.app, row.id)
    const tokens = [...mail.text.matchAll(new RegExp(TOKEN_IN_MAIL, 'g'))].map(
      (match) => match[1] as string,
    )
    return { tokens, row: after, mail }
  }
  const open = (token: string, rest = '') =>
    t.app.inject({ method: 'GET', url: `/api/status/${token}${rest}` })
  const act = async (action: string, guid: string, payload?: object) => {
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guid}/${action}`,
      ...(payload ? { payload } : {}),
    })
    expect(response.statusCode, response.body).toBe(200)
    return response
  }

  it('the receipt carries a link that opens its enrollment, never from a cache or in a Referer', async () => {
    const stored = await submitLma()
    const [receipt] = await t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'text'])
      .where('enrollment_guid', '=', stored.guid)
      .where('kind', '=', 'submission-receipt')
      .execute()
    expect(receipt?.recipient).toBe('billing@gscd.example')
    const token = await receiptToken(stored)
    expect(receipt?.text).not.toContain(stored.guid)

    const response = await open(token)
    expect(response.statusCode).toBe(200)
    expectPrivate(response)
    const page = response.json()
    expect(page).toMatchObject({
      reference: stored.reference,
      type: 'Lma',
      brand: 'chevy',
      year: 2025,
      name: stored.lma?.name,
      status: 'Authorizing',
      representative: 'Robin Representative',
      dealerCount: 2,
      // A Large and a Small kit, each with its Hispanic add-on (program-figures.ts).
      kitCount: 4,
      dealers: [
        { bac: stored.dealers[0]?.bac, name: 'Member Dealer 1', kits: 2 },
        { bac: stored.dealers[1]?.bac, name: 'Member Dealer 2', kits: 2 },
      ],
      timeline: [{ event: 'submitted' }],
      invoice: null,
    })
    // Nothing that opens anything else: not the guid (the authorization link), no addresses.
    expect(response.body).not.toContain(stored.guid)
    expect(response.body).not.toContain('@')
    // Valid for 18 months from the submission.
    const created = new Date(stored.created)
    const expires = new Date(page.linkExpiresAt)
    expect(expires.getUTCFullYear() * 12 + expires.getUTCMonth()).toBe(
      created.getUTCFullYear() * 12 + created.getUTCMonth() + 18,
    )
    // Only the token's hash is kept.
    const kept = await t.database.db
      .selectFrom('status_links')
      .selectAll()
      .where('enrollment_guid', '=', stored.guid)
      .execute()
    expect(kept).toHaveLength(1)
    expect(kept[0]?.token_hash).toBe(capabilityHash(token))
    expect(JSON.stringify(kept)).not.toContain(token)
    // The link was minted when the mail left: the outbox never held it (a copy of the database
    // opens no status page).
    const rows = await t.database.db.selectFrom('outbox').selectAll().execute()
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('a dealer submission gets its own link, to the dealer’s representative', async () => {
    const receipt = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: dealerEnrollment({ name: 'Status Motors', authName: 'Dana Dealer' }),
    })
    expect(receipt.statusCode).toBe(201)
    const row = await t.database.db
      .selectFrom('enrollments')
      .select('guid')
      .where('reference', '=', receipt.json().reference)
      .executeTakeFirstOrThrow()
    const [token] = await mailedTokens(row.guid, 'submission-receipt')
    const page = (await open(token as string)).json()
    expect(page).toMatchObject({
      type: 'Dealer',
      name: 'Status Motors',
      status: 'Approving',
      dealerCount: 1,
      invoice: null,
    })
  })

  it('a token opens only its own enrollment; unknown, malformed and guid tokens open nothing', async () => {
    const first = await submitLma()
    const second = await submitLma()
    const firstPage = (await open(await receiptToken(first))).json()
    const secondPage = (await open(await receiptToken(second))).json()
    expect(firstPage.reference).toBe(first.reference)
    expect(secondPage.reference).toBe(second.reference)
    expect(firstPage.name).not.toBe(secondPage.name)

    expectNotValid(await open('A'.repeat(43)))
    expectNotValid(await open('not-a-token'))
    expectNotValid(await open(first.guid))
    expectNotValid(await open(`${(await receiptToken(first)).slice(0, 42)}x`))
  })

  it('an expired link opens nothing, with the same answer', async () => {
    const stored = await submitLma()
    const token = await receiptToken(stored)
    await t.database.db
      .updateTable('status_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('enrollment_guid', '=', stored.guid)
      .execute()
    expectNotValid(await open(token))
  })

  it('the office revokes every link and mails a new one to the receipt’s recipient, with history', async () => {
    const stored = await submitLma()
    const receipt = await receiptToken(stored)
    // A second live link, as "Lost the mail?" mints.
    const { tokens } = await askLostLinks('robin@gscd.example')
    const asked = tokens[0]
    expect((await open(asked as string)).statusCode).toBe(200)

    const stranger = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/status-link/reissue`,
    })
    expect(stranger.statusCode).toBe(401)
    expect((await open(receipt)).statusCode).toBe(200)

    const answer = (await act('status-link/reissue', stored.guid)).json()
    expect(answer.sentTo).toBe('billing@gscd.example')
    expectNotValid(await open(receipt))
    expectNotValid(await open(asked as string))
    const [reissued] = await mailedTokens(
      stored.guid,
      'status-link-reissued',
      'billing@gscd.example',
    )
    const page = await open(reissued as string)
    expect(page.statusCode).toBe(200)
    expect(page.json().reference).toBe(stored.reference)

    const history = (
      await t.asAdmin({ method: 'GET', url: `/api/enrollments/${stored.guid}/history` })
    ).json()
    expect(history.at(-1)).toMatchObject({
      action: 'Status link re-issued',
      actor: 'ada.admin@contoso.example',
      changes: [
        { field: 'mail', before: null, after: 'status-link-reissued to billing@gscd.example' },
      ],
    })
  })

  it('two re-issues at once leave exactly one live link: each revokes under the enrollment’s lock', async () => {
    const stored = await submitLma()
    const answers = await Promise.all([
      act('status-link/reissue', stored.guid),
      act('status-link/reissue', stored.guid),
      act('status-link/reissue', stored.guid),
    ])
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200])
    // Each re-issue holds back the mails not sent yet that would carry a link (the receipt, the
    // re-issues before it): one mail leaves, and one link is live.
    await t.app.mail.deliverNow()
    const mails = await t.database.db
      .selectFrom('outbox')
      .select(['id', 'kind', 'sent_at', 'last_error'])
      .where('enrollment_guid', '=', stored.guid)
      .where('kind', 'in', ['submission-receipt', 'status-link-reissued'])
      .orderBy('id')
      .execute()
    const sent = mails.filter((mail) => mail.sent_at !== null)
    expect(sent.map((mail) => mail.kind)).toEqual(['status-link-reissued'])
    for (const mail of mails.filter((each) => each.sent_at === null)) {
      expect(mail.last_error).toBe(REPLACED_BY_REISSUE)
    }
    const live = await t.database.db
      .selectFrom('status_links')
      .select('id')
      .where('enrollment_guid', '=', stored.guid)
      .where('revoked_at', 'is', null)
      .execute()
    expect(live).toHaveLength(1)
    const [token] = await mailedTokens(stored.guid, 'status-link-reissued', undefined, true)
    expect((await open(token as string)).statusCode).toBe(200)
  })

  it('re-issuing for an enrollment that does not exist is a 404', async () => {
    const response = await t.asAdmin({
      method: 'POST',
      url: '/api/enrollments/6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f/status-link/reissue',
    })
    expect(response.statusCode).toBe(404)
  })

  it('"Lost the mail?" mails one mail with a link of each enrollment that carries the address now, newest first', async () => {
    const older = await submitLma({
      emailAddress: 'lost.contact@gscd.example',
      authEmailAddress: 'lost.rep@gscd.example',
    })
    const newer = await submitLma({ authEmailAddress: 'LOST.rep@gscd.example' })
    const receipt = await receiptToken(older)
    const asked = await askLostLinks('Lost.Rep@gscd.example')
    expect(asked.tokens).toHaveLength(2)
    expect(asked.mail?.text.indexOf(newer.reference)).toBeLessThan(
      asked.mail?.text.indexOf(older.reference) ?? -1,
    )
    // The mail names no text a submitter typed: the references and the program's words.
    expect(asked.mail?.text).not.toContain(older.lma?.name)
    expect(asked.mail?.subject).not.toContain(older.lma?.name)
    const pages = await Promise.all(asked.tokens.map(async (token) => (await open(token)).json()))
    expect(pages.map((page) => page.reference)).toEqual([newer.reference, older.reference])
    // The receipt's link (to the contact) still opens; a second ask replaces the first's links.
    expect((await open(receipt)).statusCode).toBe(200)
    const again = await askLostLinks('lost.rep@gscd.example')
    for (const token of asked.tokens) expectNotValid(await open(token))
    for (const token of again.tokens) expect((await open(token)).statusCode).toBe(200)
    // The outbox holds no link, before or after.
    expect(JSON.stringify(again.row)).not.toMatch(TOKEN_IN_MAIL)
  })

  it('"Lost the mail?" answers an unknown address in the same words and sends nothing', async () => {
    const { tokens, row } = await askLostLinks('nobody.at.all@nowhere.example')
    expect(tokens).toEqual([])
    expect(row.held_at).not.toBeNull()
    expect(row.sent_at).toBeNull()

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email: 'not an address' },
    })
    expect(bad.statusCode).toBe(400)
  })

  it('an address the office corrected away mints no link, and no link it held survives', async () => {
    const stored = await submitLma({ emailAddress: 'old.billing@gscd.example' })
    const receipt = await receiptToken(stored)
    const [before] = (await askLostLinks('old.billing@gscd.example')).tokens
    expect((await open(before as string)).statusCode).toBe(200)
    // A "Lost the mail?" anyone may ask never revokes the link the receipt carried.
    expect((await open(receipt)).statusCode).toBe(200)
    const edited = {
      ...stored,
      regionId: 1,
      lma: { ...stored.lma, emailAddress: 'new.billing@gscd.example' },
    }
    const saved = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/update`,
      payload: edited,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    await act('status-link/reissue', stored.guid)
    expectNotValid(await open(before as string))
    const after = await askLostLinks('old.billing@gscd.example')
    expect(after.tokens).toEqual([])
    expect(after.row.last_error).toBe(ADDRESS_GONE)
    expect(after.row.held_at).not.toBeNull()
  })

  it('"Lost the mail?" finds only the program year’s enrollments', async () => {
    const stored = await submitLma({ authEmailAddress: 'last.year@gscd.example' })
    await t.database.db
      .updateTable('enrollments')
      .set({ year: 2024 })
      .where('guid', '=', stored.guid)
      .execute()
    await t.app.inject({
      method: 'POST',
      url: '/api/status/lost-links',
      payload: { email: 'last.year@gscd.example' },
    })
    await t.app.mail.deliverNow()
    const row = await t.database.db
      .selectFrom('outbox')
      .select(['held_at', 'sent_at'])
      .where('kind', '=', 'status-link')
      .where('recipient', '=', 'last.year@gscd.example')
      .executeTakeFirstOrThrow()
    expect(row.sent_at).toBeNull()
    expect(row.held_at).not.toBeNull()
  })

  it('follows an LMA through authorization, approval, invoice and payment; the invoice opens through the link', async () => {
    const stored = await submitLma()
    const token = await receiptToken(stored)
    const noInvoice = await open(token, '/invoice')
    expect(noInvoice.statusCode).toBe(404)
    expectPrivate(noInvoice)

    const authorized = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/authorize`,
      payload: { ...stored, regionId: 1 },
    })
    expect(authorized.statusCode, authorized.body).toBe(200)
    expect((await open(token)).json()).toMatchObject({
      status: 'Approving',
      timeline: [{ event: 'submitted' }, { event: 'authorized' }],
    })

    await act('approve', stored.guid)
    const approved = (await open(token)).json()
    expect(approved).toMatchObject({
      status: 'Approved',
      timeline: [
        { event: 'submitted' },
        { event: 'authorized' },
        { event: 'approved' },
        { event: 'invoiced' },
      ],
      invoice: { paidOn: null, overdue: false, grandTotal: expect.any(Number) },
    })
    const invoice = await open(token, '/invoice')
    expect(invoice.statusCode).toBe(200)
    expectPrivate(invoice)
    expect(invoice.json()).toMatchObject({
      invoice: {
        enrollmentReference: stored.reference,
        invoiceNumber: approved.invoice.invoiceNumber,
      },
      payment: { paidOn: null },
    })
    const pdf = await open(token, '/invoice/pdf')
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expectPrivate(pdf)
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')

    const today = programToday()
    await act('payment', stored.guid, { paidOn: today, reference: 'CHK 1001' })
    const paid = (await open(token)).json()
    expect(paid.invoice).toMatchObject({ paidOn: today })
    expect(paid.invoice).not.toHaveProperty('reference')
    expect(paid.timeline.at(-1)).toEqual({ event: 'paid', at: today })
    expect(JSON.stringify(paid)).not.toContain('CHK 1001')
  })

  it('a deleted enrollment’s link opens nothing', async () => {
    const stored = await submitLma()
    const token = await receiptToken(stored)
    await act('delete', stored.guid)
    expectNotValid(await open(token))
  })

  it('a dealer’s invoice is a 404 through its link: only approved LMAs are invoiced', async () => {
    const entry = dealerEntry({ name: 'No Invoice Motors' })
    const receipt = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: dealerEnrollment(entry),
    })
    const row = await t.database.db
      .selectFrom('enrollments')
      .select('guid')
      .where('reference', '=', receipt.json().reference)
      .executeTakeFirstOrThrow()
    await act('approve', row.guid)
    const [token] = await mailedTokens(row.guid, 'submission-receipt')
    expect((await open(token as string)).json()).toMatchObject({
      status: 'Approved',
      invoice: null,
    })
    expect((await open(token as string, '/invoice')).statusCode).toBe(404)
  })
})

describe.each(testDatabaseKinds())('"Lost the mail?" under the submission limit on %s', (kind) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(kind, { RATE_LIMIT_SUBMISSIONS: '2' }, { mail: { worker: false } })
  })
  afterAll(() => t.close())

  it('the third request in a minute from one client is a 429, known address or not', async () => {
    const ask = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/status/lost-links',
        payload: { email },
        remoteAddress: '198.51.100.40',
      })
    expect((await ask('a@example.com')).statusCode).toBe(202)
    expect((await ask('b@example.com')).statusCode).toBe(202)
    const refused = await ask('c@example.com')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().detail).toMatch(/^Too many requests from your address/)
  })
})
