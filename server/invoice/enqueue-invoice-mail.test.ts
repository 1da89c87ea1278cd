import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { invoiceCalls } from '../test-support/invoice-calls.js'
import { pdfText } from '../test-support/pdf-text.js'
import { testDatabaseKinds } from '../test-support/test-database.js'
import { waitFor } from '../test-support/wait-for.js'

describe.each(testDatabaseKinds())('the invoice mail on %s', (kind) => {
  let t: AdminTestApp
  let calls: ReturnType<typeof invoiceCalls>
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    calls = invoiceCalls(t)
  })
  afterAll(() => t.close())

  const invoiceMailsTo = (recipient: string) =>
    t.app.mail.devMailbox
      ?.messages()
      .filter((mail) => mail.to.includes(recipient) && mail.subject.startsWith('Invoice '))

  it('goes to the LMA email address with the PDF attached', async () => {
    const stored = await calls.submit(
      lmaEnrollment(3, {
        name: 'Mailed <Invoice> Dealers',
        emailAddress: 'accounts@mailed.example',
        authEmailAddress: 'rep@mailed.example',
      }),
    )
    await calls.act('approve', stored.guid)
    const { invoiceNumber } = await calls.invoice(stored.guid)
    const mail = await waitFor(() => invoiceMailsTo('accounts@mailed.example')?.[0])
    expect(mail.subject).toBe(`Invoice ${invoiceNumber}: 2025 Chevrolet Dealer Funded POS Program`)
    expect(mail.attachments).toEqual([
      {
        filename: `invoice-${invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ])
    expect(mail.attachments[0]?.size).toBeGreaterThan(1000)
    expect(mail.text).toContain('LMA: Mailed <Invoice> Dealers')
    expect(mail.text).toContain('Total due: $1,500.00')
    expect(mail.text).toContain('Payment is due within 60 days of invoice receipt.')
    expect(mail.text).toContain(
      'Remit payment to:\nDealer Funded POS Program\nPO Box 1000\nDetroit, MI 48226',
    )
    expect(mail.text).toContain('posprogram@example.com')
    expect(mail.html).toContain('Mailed &lt;Invoice&gt; Dealers')
    expect(mail.html).not.toContain('<Invoice>')
    expect(invoiceMailsTo('rep@mailed.example')).toEqual([])
  })

  it('keeps the invoice as issued in the outbox, in the approval’s transaction; the sent mail carries its PDF', async () => {
    const stored = await calls.submit(
      lmaEnrollment(1, { name: 'Outbox Dealers', emailAddress: 'accounts@outbox.example' }),
    )
    await calls.act('approve', stored.guid)
    const { invoiceNumber } = await calls.invoice(stored.guid)
    const row = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', 'accounts@outbox.example')
      .where('kind', '=', 'invoice')
      .executeTakeFirstOrThrow()
    expect(row.attachments).toEqual([
      {
        filename: `invoice-${invoiceNumber}.pdf`,
        contentType: 'application/pdf',
        render: {
          kind: 'invoice-pdf',
          brand: 'chevy',
          invoice: expect.objectContaining({ invoiceNumber, grandTotal: 525 }),
        },
      },
    ])
    const mail = await waitFor(() => invoiceMailsTo('accounts@outbox.example')?.[0])
    const pdf = t.app.mail.devMailbox?.attachmentContent(mail.id, 0)
    const { text } = await pdfText(pdf ?? new Uint8Array())
    expect(text).toContain(`Invoice ${invoiceNumber}`)
    expect(text).toContain('Outbox Dealers')
    expect(text).toContain('Grand Total')
  })
})
