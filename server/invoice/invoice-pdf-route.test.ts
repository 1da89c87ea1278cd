import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { invoiceCalls } from '../test-support/invoice-calls.js'
import { pdfText } from '../test-support/pdf-text.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

describe.each(testDatabaseKinds())('GET /api/invoices/{guid}/pdf on %s', (kind) => {
  let t: AdminTestApp
  let calls: ReturnType<typeof invoiceCalls>
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    calls = invoiceCalls(t)
  })
  afterAll(() => t.close())

  it('answers the invoice as a one-page PDF download with searchable text', async () => {
    const stored = await calls.submit(lmaEnrollment(3, { name: 'Printed <PDF> Dealers' }))
    await calls.act('approve', stored.guid)
    const invoice = await calls.invoice(stored.guid)
    const response = await t.asAdmin({ method: 'GET', url: `/api/invoices/${stored.guid}/pdf` })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('application/pdf')
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoice-${invoice.invoiceNumber}.pdf"`,
    )
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const { pages, text } = await pdfText(response.rawPayload)
    expect(pages).toBe(1)
    expect(text).toContain(`Invoice ${invoice.invoiceNumber}`)
    expect(text).toContain('Printed <PDF> Dealers')
    expect(text).toContain('2025 Chevrolet Dealer Funded Point of Sale Kit Program')
    expect(text).toContain('Net 60')
    expect(text).toMatch(new RegExp(`Reference\\s+${stored.reference}`))
    expect(text).toMatch(/Grand Total\s+\$1,500\.00/)
    expect(text).toMatch(/2\s+Large English Kit\s+\$400\.00\s+\$800\.00/)
    expect(text).not.toContain('Hispanic-Only')
  })

  it('answers the same bytes for the same snapshot', async () => {
    const stored = await calls.submit(lmaEnrollment(1, { name: 'Stable Dealers' }))
    await calls.act('approve', stored.guid)
    const url = `/api/invoices/${stored.guid}/pdf`
    const first = await t.asAdmin({ method: 'GET', url })
    const second = await t.asAdmin({ method: 'GET', url })
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true)
  })
})
