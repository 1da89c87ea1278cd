import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { dealerEnrollment, lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { invoiceCalls, lmaOrdering } from '../test-support/invoice-calls.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const today = () => new Date().toISOString().slice(0, 10)

describe.each(testDatabaseKinds())('GET /api/invoices/{guid} on %s', (kind) => {
  let t: AdminTestApp
  let calls: ReturnType<typeof invoiceCalls>
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    calls = invoiceCalls(t)
  })
  afterAll(() => t.close())

  it('answers the snapshot of an approved LMA: items above 0, dollars, Net 60, parties', async () => {
    const stored = await calls.submit(lmaEnrollment(3, { name: 'Snapshot Dealers' }))
    const before = today()
    await calls.act('approve', stored.guid)
    const response = await t.asAdmin({ method: 'GET', url: `/api/invoices/${stored.guid}` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    const invoice = response.json()
    expect([before, today()]).toContain(invoice.invoiceDate)
    expect(invoice).toEqual({
      guid: stored.guid,
      enrollmentReference: stored.reference,
      invoiceNumber: expect.stringMatching(/^2025-\d{4}$/),
      invoiceDate: expect.any(String),
      invoiceTerms: 'Net 60',
      invoiceYear: 2025,
      invoiceBrand: 'Chevrolet',
      billTo: {
        lines: [
          'Snapshot Dealers',
          'Attn: Alex Agency',
          '200 Commerce Drive',
          'Springfield, IL 62702',
          'billing@gscd.example',
        ],
      },
      remitTo: { lines: ['Dealer Funded POS Program', 'PO Box 1000', 'Detroit, MI 48226'] },
      items: [
        { quantity: 2, description: 'Large English Kit', unitPrice: 400, subtotal: 800 },
        { quantity: 1, description: 'Small English Kit', unitPrice: 325, subtotal: 325 },
        { quantity: 3, description: 'Hispanic Add-On Kit', unitPrice: 125, subtotal: 375 },
      ],
      subtotal: 1500,
      grandTotal: 1500,
      revision: 1,
      standing: 'live',
      voided: null,
      revisions: [{ revision: 1, invoiceDate: expect.any(String), grandTotal: 1500 }],
    })
  })

  it('re-issues a re-approved LMA under the same number with the new items', async () => {
    const stored = await calls.submit(
      lmaOrdering('Changing Dealers', [{ kitSize: 'Large', hispanic: 'Yes' }]),
    )
    await calls.act('approve', stored.guid)
    const first = await calls.invoice(stored.guid)
    expect(first.grandTotal).toBe(525)
    const reauthorized = await calls.act('re-authorize', stored.guid)
    const changed = lmaOrdering('Changing Dealers', [
      { kitSize: 'Small', hispanic: 'Only' },
      { kitSize: 'Small', hispanic: 'Only' },
    ]).dealers
    const updated = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/update`,
      payload: { ...reauthorized, regionId: 1, dealers: changed },
    })
    expect(updated.statusCode, updated.body).toBe(200)
    expect((await calls.invoice(stored.guid)).grandTotal).toBe(525)
    await calls.act('approve', stored.guid)
    const second = await calls.invoice(stored.guid)
    expect(second.invoiceNumber).toBe(first.invoiceNumber)
    expect(second.items).toEqual([
      { quantity: 2, description: 'Small Hispanic-Only Kit', unitPrice: 325, subtotal: 650 },
    ])
    expect(second.subtotal).toBe(650)
    expect(second.grandTotal).toBe(650)
  })

  it('keeps naming its enrollment by the reference once the enrollment is deleted', async () => {
    const stored = await calls.submit(lmaEnrollment(1, { name: 'Deleted Later Dealers' }))
    await calls.act('approve', stored.guid)
    const deleted = await t.asAdmin({
      method: 'POST',
      url: `/api/enrollments/${stored.guid}/delete`,
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect((await calls.invoice(stored.guid)).enrollmentReference).toBe(stored.reference)
  })

  it('has no invoice for an approved dealer enrollment (404 problem)', async () => {
    const stored = await calls.submit(dealerEnrollment())
    await calls.act('approve', stored.guid)
    const response = await t.asAdmin({ method: 'GET', url: `/api/invoices/${stored.guid}` })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(response.json()).toMatchObject({
      status: 404,
      detail: 'This enrollment has no invoice: only approved LMA enrollments are invoiced.',
    })
  })

  it('has no invoice for an LMA enrollment not yet approved', async () => {
    const stored = await calls.submit(lmaEnrollment(1, { name: 'Waiting Dealers' }))
    const response = await t.asAdmin({ method: 'GET', url: `/api/invoices/${stored.guid}` })
    expect(response.statusCode).toBe(404)
  })

  it.each(['', '/pdf'])(
    'GET /api/invoices/{guid}%s: 401 without a token, 400 for a bad id',
    async (suffix) => {
      const guid = '6f1c1f38-2a4b-4c1e-9d0e-6a7b8c9d0e1f'
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/invoices/${guid}${suffix}` })
      expect(anonymous.statusCode).toBe(401)
      expect(anonymous.headers['www-authenticate']).toBe('Bearer')
      const malformedAnonymous = await t.app.inject(`/api/invoices/not-a-guid${suffix}`)
      expect(malformedAnonymous.statusCode).toBe(401)
      const malformed = await t.asAdmin({ method: 'GET', url: `/api/invoices/not-a-guid${suffix}` })
      expect(malformed.statusCode).toBe(400)
      expect(malformed.json().detail).toBeTruthy()
      const unknown = await t.asAdmin({ method: 'GET', url: `/api/invoices/${guid}${suffix}` })
      expect(unknown.statusCode).toBe(404)
    },
  )
})
