import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { invoiceCalls } from '../test-support/invoice-calls.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

describe.each(testDatabaseKinds())('invoice numbers on %s', (kind) => {
  let t: AdminTestApp
  let calls: ReturnType<typeof invoiceCalls>
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    calls = invoiceCalls(t)
  })
  afterAll(() => t.close())

  it('numbers LMA approvals {year}-NNNN in order; dealers take none; a number is never reused', async () => {
    const first = await calls.submit(lmaEnrollment(1, { name: 'First Numbered Dealers' }))
    const dealer = await calls.submit(dealerEnrollment())
    const second = await calls.submit(lmaEnrollment(1, { name: 'Second Numbered Dealers' }))
    await calls.act('approve', first.guid)
    await calls.act('approve', dealer.guid)
    await calls.act('approve', second.guid)
    expect((await calls.invoice(first.guid)).invoiceNumber).toBe('2025-0001')
    expect((await calls.invoice(second.guid)).invoiceNumber).toBe('2025-0002')
    const dealerInvoice = await t.asAdmin({ method: 'GET', url: `/api/invoices/${dealer.guid}` })
    expect(dealerInvoice.statusCode).toBe(404)

    await calls.act('re-authorize', first.guid)
    await calls.act('approve', first.guid)
    expect((await calls.invoice(first.guid)).invoiceNumber).toBe('2025-0001')
    const third = await calls.submit(lmaEnrollment(1, { name: 'Third Numbered Dealers' }))
    await calls.act('approve', third.guid)
    expect((await calls.invoice(third.guid)).invoiceNumber).toBe('2025-0003')
  })
})
