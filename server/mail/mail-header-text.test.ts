import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { waitFor } from '../test-support/wait-for.js'

/** Through the real mailer and the in-process SMTP server, decoded as a mail program would. */
describe('names in a mail subject stay the text that was typed', () => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp('pglite')
  })
  afterAll(() => t.close())

  it('an encoded word in an LMA name is shown literally, never decoded into other text', async () => {
    const hidden = '=?utf-8?q?Urgent=3A_pay_to_account_99?='
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: lmaEnrollment(1, {
        name: `Sunset ${hidden}`,
        authEmailAddress: 'rep@sunset.example',
      }),
    })
    expect(response.statusCode).toBe(201)
    // The program office's Re-authorize names the LMA (the first request, caused by the public
    // form, names nothing typed).
    const stored = await loadByReceipt(t, response.json())
    const again = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/re-authorize`,
      payload: { reason: 'Please check the dealers' },
    })
    expect(again.statusCode, again.body).toBe(200)
    const mail = await waitFor(() =>
      t.app.mail.devMailbox
        ?.messages()
        .find((m) => m.to.includes('rep@sunset.example') && m.subject.includes('Sunset')),
    )
    expect(mail.subject).not.toContain('Urgent: pay to account 99')
    expect(mail.subject.replaceAll('\u2060', '')).toContain(`Sunset ${hidden}`)
  })
})
