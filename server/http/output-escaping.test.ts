import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReceivedMail } from '../mail/dev-mailbox.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { pdfText } from '../test-support/pdf-text.js'
import { onlySheet, openWorkbook, postReportForm } from '../test-support/report-download.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

const EVIL = '<img src=x onerror=alert(1)>'
const ESCAPED = '&lt;img src=x onerror=alert(1)&gt;'

/** The HTML shows the name as text: escaped, never as markup. */
function expectEscaped(html: string): void {
  expect(html).toContain(ESCAPED)
  expect(html).not.toContain(EVIL)
  expect(html).not.toMatch(/<img\b/i)
}

describe.each(testDatabaseKinds())('user text stays text in every output on %s', (kind) => {
  let t: AdminTestApp
  let guid = ''
  const mailTo = (address: string, subject: RegExp) =>
    waitFor(() =>
      t.app.mail.devMailbox
        ?.messages()
        .find((mail) => mail.to.includes(address) && subject.test(mail.subject)),
    )
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    const body = lmaEnrollment(2, {
      name: EVIL,
      contact: EVIL,
      agencyName: EVIL,
      authName: EVIL,
      authEmailAddress: 'rep@evil.example',
      emailAddress: 'billing@evil.example',
    })
    const submitted = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(submitted.statusCode).toBe(201)
    guid = (await loadByReceipt(t, submitted.json())).guid
    const approved = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/approve` })
    expect(approved.statusCode).toBe(200)
  })
  afterAll(() => t.close())

  it('the API answers JSON that says so, holding the name as it was typed', async () => {
    const response = await t.app.inject(`/api/enrollments/${guid}`)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(response.headers['x-content-type-options']).toBe('nosniff')
    expect(response.json().lma.name).toBe(EVIL)
    const list = await t.asAdmin({ url: '/api/enrollments?year=2025' })
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('the authorization request a public form causes carries none of the text it typed', async () => {
    const mail: ReceivedMail = await mailTo('rep@evil.example', /^Please authorize/)
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain(EVIL)
      expect(part).not.toContain(ESCAPED)
      expect(part).not.toMatch(/<img\b/i)
    }
  })

  it.each([
    ['the approval confirmation', 'rep@evil.example', /is approved$/],
    ['the invoice', 'billing@evil.example', /^Invoice /],
  ])('%s mail escapes it in HTML and keeps it in the text part', async (_label, to, subject) => {
    const mail: ReceivedMail = await mailTo(to, subject)
    expectEscaped(mail.html)
    expect(mail.text).toContain(EVIL)
  })

  it('the dev mailbox page and its HTML view show it as text', async () => {
    await mailTo('billing@evil.example', /^Invoice /)
    const page = await t.app.inject('/dev/mail')
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expectEscaped(page.body)
    for (const mail of t.app.mail.devMailbox?.messages() ?? []) {
      const view = await t.app.inject(`/dev/mail/${mail.id}/html`)
      // The mails a public form causes carry none of its text; the office's do, escaped.
      if (/^(Please authorize|Your .* was received)/.test(mail.subject)) {
        expect(view.body).not.toContain(EVIL)
        expect(view.body).not.toMatch(/<img\b/i)
      } else {
        expectEscaped(view.body)
      }
      expect(view.headers['content-security-policy']).toMatch(/default-src 'none'/)
      expect(view.headers['content-security-policy']).not.toMatch(/script-src/)
    }
    const json = await t.app.inject('/dev/mail/messages.json')
    expect(json.headers['content-type']).toBe('application/json; charset=utf-8')
  })

  it('the invoice JSON and PDF carry it as plain text', async () => {
    const invoice = await t.asAdmin({ url: `/api/invoices/${guid}` })
    expect(invoice.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(invoice.json().billTo.lines).toContain(EVIL)
    const pdf = await t.asAdmin({ url: `/api/invoices/${guid}/pdf` })
    expect((await pdfText(pdf.rawPayload)).text).toContain(EVIL)
  })

  it('the Excel export holds it as a text cell (formula safety: report/safe-cell-text.test.ts)', async () => {
    const token = await t.idp.sign({ roles: ['PosAdmin'] })
    const response = await postReportForm(t.app, '/api/reports/export', { bearer_token: token })
    const sheet = onlySheet(await openWorkbook(response))
    const values: unknown[] = []
    sheet.eachRow((row) => row.eachCell((cell) => values.push(cell.value)))
    expect(values).toContain(EVIL)
  })
})
