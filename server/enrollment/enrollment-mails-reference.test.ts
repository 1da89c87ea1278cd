import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { submittedEnrollment } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

/**
 * Every mail to an enrollee names the enrollment by its reference, worded as the receipt words
 * it ('Reference: C81C-6061-6136'), so a reader can quote it to the program office.
 */
describe.each(testDatabaseKinds())('the reference in the mails to enrollees on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
  })
  afterAll(() => t.close())

  /** The text of the mail to this address whose subject holds `subject`, once it is sent. */
  const mailTo = (address: string, subject: string) =>
    waitFor(
      () =>
        t.app.mail.devMailbox
          ?.messages()
          .find((m) => m.to.includes(address) && m.subject.includes(subject))?.text,
    )
  const act = async (guid: string, action: string) => {
    const response = await t.asAdmin({ method: 'POST', url: `/api/enrollments/${guid}/${action}` })
    expect(response.statusCode, response.body).toBe(200)
    return response.json()
  }

  it('an LMA’s authorization request, reminder, representative notice, approval and invoice', async () => {
    const stored = await submittedEnrollment(
      t,
      lmaEnrollment(2, {
        name: 'Quoted Reference Dealers',
        emailAddress: 'office@quoted.example',
        authEmailAddress: 'first-rep@quoted.example',
      }),
    )
    const quoted = `Reference: ${stored.reference}`
    expect(await mailTo('first-rep@quoted.example', 'Please authorize')).toContain(quoted)

    const authorized = await t.app.inject({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/authorize`,
      payload: {
        ...stored,
        regionId: 1,
        lma: { ...stored.lma, authEmailAddress: 'second-rep@quoted.example' },
      },
    })
    expect(authorized.statusCode, authorized.body).toBe(200)
    expect(await mailTo('first-rep@quoted.example', 'The authorized representative')).toContain(
      quoted,
    )

    await act(stored.guid, 'approve')
    expect(await mailTo('second-rep@quoted.example', 'is approved')).toContain(quoted)
    expect(await mailTo('office@quoted.example', 'Invoice ')).toContain(quoted)

    await act(stored.guid, 're-authorize')
    expect(await mailTo('second-rep@quoted.example', 'Sent back by the program office')).toContain(
      quoted,
    )
  })

  it('a dealer’s approval confirmation', async () => {
    const stored = await submittedEnrollment(
      t,
      dealerEnrollment({ authEmailAddress: 'owner@quoted-dealer.example' }),
    )
    await act(stored.guid, 'approve')
    expect(await mailTo('owner@quoted-dealer.example', 'is approved')).toContain(
      `Reference: ${stored.reference}`,
    )
  })
})
