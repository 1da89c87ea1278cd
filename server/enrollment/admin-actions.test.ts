import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Enrollment } from '../../shared/enrollment/enrollment.js'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { loadByReceipt } from '../test-support/submitted-enrollment.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

type Stored = Enrollment & { guid: string; version: number }
type Action = 'approve' | 're-authorize' | 'decline' | 'delete'

describe.each(testDatabaseKinds())('admin status actions on %s', (kind) => {
  let t: AdminTestApp
  beforeAll(async () => {
    t = await createAdminTestApp(kind, { PUBLIC_URL: 'https://pos.example.com' })
  })
  afterAll(() => t.close())

  async function submit(body: Enrollment): Promise<Stored> {
    const response = await t.app.inject({ method: 'POST', url: '/api/enrollments', payload: body })
    expect(response.statusCode).toBe(201)
    return loadByReceipt(t, response.json())
  }
  const act = (action: Action, guid: string, payload?: object) =>
    t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${guid}/${action}`,
      ...(payload ? { payload } : {}),
    })
  const mailTo = (recipient: string, subject: RegExp) =>
    waitFor(() =>
      t.app.mail.devMailbox
        ?.messages()
        .find((mail) => mail.to.includes(recipient) && subject.test(mail.subject)),
    )
  const outboxFor = (recipient: string) =>
    t.database.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).execute()
  const setStatus = (guid: string, status: 'Approved' | 'Approving' | 'Declined') =>
    t.database.db.updateTable('enrollments').set({ status }).where('guid', '=', guid).execute()

  it('approves a dealer: confirmation to its representative, directory updated', async () => {
    const stored = await submit(
      dealerEnrollment({
        name: 'Sunrise Chevrolet',
        address: '9 Dawn Road',
        authEmailAddress: 'gm@sunrise.example',
        hispanic: 'Yes',
      }),
    )
    const response = await act('approve', stored.guid)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toMatchObject({ guid: stored.guid, status: 'Approved' })
    expect(response.json().version).toBe(stored.version + 1)
    const mail = await mailTo('gm@sunrise.example', /approved/)
    expect(mail.subject).toBe(
      'Your 2025 Chevrolet Dealer Funded POS Program enrollment for Sunrise Chevrolet is approved',
    )
    expect(mail.text).toContain(`BAC: ${stored.dealers[0]?.bac}`)
    expect(mail.text).toContain('Large English Kit: 1 × $400.00 = $400.00')
    expect(mail.text).toContain('Hispanic Add-On Kit: 1 × $125.00 = $125.00')
    expect(mail.text).toContain('Total per year: $525.00')
    const directory = await t.database.db
      .selectFrom('dealer_directory')
      .selectAll()
      .where('bac', '=', stored.dealers[0]?.bac ?? '')
      .executeTakeFirst()
    expect(directory).toMatchObject({ name: 'Sunrise Chevrolet', address: '9 Dawn Road' })
  })

  it('approves an LMA from Authorizing: confirmation with the kit summary, escaped', async () => {
    const stored = await submit(
      lmaEnrollment(3, { name: 'Valley <Chevy> Dealers', authEmailAddress: 'rep@valley.example' }),
    )
    expect((await act('approve', stored.guid)).json().status).toBe('Approved')
    const mail = await mailTo('rep@valley.example', /approved/)
    expect(mail.text).toContain('Participating dealers: 3')
    expect(mail.text).toContain('Large English Kit: 2 × $400.00 = $800.00')
    expect(mail.text).toContain('Small English Kit: 1 × $325.00 = $325.00')
    expect(mail.text).toContain('Hispanic Add-On Kit: 3 × $125.00 = $375.00')
    expect(mail.text).toContain('Total per year: $1,500.00')
    expect(mail.html).toContain('Valley &lt;Chevy&gt; Dealers')
    expect(mail.html).not.toContain('<Chevy>')
  })

  it('refuses to approve twice, or a dealer who declined billing (409 with the reason)', async () => {
    const stored = await submit(dealerEnrollment())
    await act('approve', stored.guid)
    const again = await act('approve', stored.guid)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe('This enrollment is already approved.')
    const declined = await submit(
      dealerEnrollment({ billing: 'None', kitSize: 'None', hispanic: 'None' }),
    )
    const refused = await act('approve', declined.guid)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toBe('A dealer who declined billing cannot be approved.')
  })

  it('declines without mail; a second decline is refused; a declined LMA may be approved', async () => {
    const stored = await submit(
      lmaEnrollment(1, { name: 'Declining Dealers', emailAddress: 'billing@declining.example' }),
    )
    const rep = stored.lma?.authEmailAddress ?? ''
    await mailTo(rep, /authorize/)
    const before = (await outboxFor(rep)).length
    const declined = await act('decline', stored.guid)
    expect(declined.statusCode).toBe(200)
    expect(declined.json().status).toBe('Declined')
    expect((await outboxFor(rep)).length).toBe(before)
    const again = await act('decline', stored.guid)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe('This enrollment is already declined.')
    expect((await act('approve', stored.guid)).json().status).toBe('Approved')
  })

  it('re-authorizes an LMA in any status and mails the request again', async () => {
    const stored = await submit(
      lmaEnrollment(2, { name: 'Again Dealers', authEmailAddress: 'again@lma.example' }),
    )
    await setStatus(stored.guid, 'Approved')
    const response = await act('re-authorize', stored.guid, { reason: 'Please add dealer 118008' })
    expect(response.statusCode).toBe(200)
    expect(response.json().status).toBe('Authorizing')
    // Sent back, not a reminder: its own subject, and the office's reason.
    const sentBack = await mailTo('again@lma.example', /^Sent back by the program office: /)
    expect(sentBack.subject).toContain('Again Dealers')
    expect(sentBack.text).toContain('Their reason: Please add dealer 118008')
    expect(sentBack.text).toContain(
      `https://pos.example.com/chevy/enrollment/lma?auth=${stored.guid}`,
    )
    // The authorization link's page says so too, with the reason, while it waits.
    const linked = (await t.app.inject(`/api/enrollments/${stored.guid}`)).json()
    expect(linked.sentBack).toMatchObject({ reason: 'Please add dealer 118008' })
    expect(linked.authorized).toBeNull()
    await setStatus(stored.guid, 'Approving')
    expect((await t.app.inject(`/api/enrollments/${stored.guid}`)).json().sentBack).toBeNull()
  })

  it('re-authorize is for LMA enrollments only', async () => {
    const stored = await submit(dealerEnrollment())
    const response = await act('re-authorize', stored.guid)
    expect(response.statusCode).toBe(409)
    expect(response.json().detail).toBe('Only LMA enrollments can be re-authorized.')
  })

  it('deletes an enrollment and its dealer rows; its BAC may enroll again', async () => {
    const stored = await submit(dealerEnrollment())
    const response = await act('delete', stored.guid)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ guid: stored.guid, status: 'Deleted' })
    expect((await t.app.inject(`/api/enrollments/${stored.guid}`)).statusCode).toBe(404)
    const rows = await t.database.db
      .selectFrom('enrollment_dealers')
      .select('id')
      .where('bac', '=', stored.dealers[0]?.bac ?? '')
      .execute()
    expect(rows).toEqual([])
    expect((await act('delete', stored.guid)).statusCode).toBe(404)
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/enrollments',
      payload: dealerEnrollment({ bac: stored.dealers[0]?.bac }),
    })
    expect(again.statusCode).toBe(201)
  })

  it.each(['approve', 're-authorize', 'decline', 'delete'] as const)(
    '%s is refused for an enrollment of another year',
    async (action) => {
      const stored = await submit(lmaEnrollment(1, { name: `Old ${action} Dealers` }))
      await t.database.db
        .updateTable('enrollments')
        .set({ year: 2024 })
        .where('guid', '=', stored.guid)
        .execute()
      const response = await act(action, stored.guid)
      expect(response.statusCode).toBe(409)
      expect(response.json().detail).toBe(
        'Only enrollments of the current enrollment year can be changed.',
      )
    },
  )

  it.each(['approve', 're-authorize', 'decline', 'delete'] as const)(
    '%s of an unknown id is a 404, of a malformed one a 400',
    async (action) => {
      expect((await act(action, '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f')).statusCode).toBe(404)
      expect((await act(action, 'not-a-guid')).statusCode).toBe(400)
    },
  )

  it('accepts an empty JSON body, as a browser may send one', async () => {
    const stored = await submit(dealerEnrollment())
    const response = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/decline`,
      headers: { 'content-type': 'application/json' },
      payload: '',
    })
    expect(response.statusCode).toBe(200)
  })
})
