import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { lmaEnrollment } from '../test-support/enrollment-fixtures.js'
import { invoiceCalls } from '../test-support/invoice-calls.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

const COUNT = 20

describe.each(testDatabaseKinds())('concurrent LMA approvals on %s', (kind) => {
  let t: AdminTestApp
  let calls: ReturnType<typeof invoiceCalls>
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    calls = invoiceCalls(t)
  })
  afterAll(() => t.close())

  it(`gives ${COUNT} approvals at once ${COUNT} distinct consecutive numbers`, async () => {
    const enrollments = []
    for (let index = 1; index <= COUNT; index++) {
      enrollments.push(await calls.submit(lmaEnrollment(2, { name: `Racing Dealers ${index}` })))
    }
    const approved = await Promise.all(
      enrollments.map((enrollment) => calls.act('approve', enrollment.guid)),
    )
    expect(approved.map((enrollment) => enrollment.status)).toEqual(Array(COUNT).fill('Approved'))
    const numbers = await Promise.all(
      enrollments.map(async (enrollment) => (await calls.invoice(enrollment.guid)).invoiceNumber),
    )
    const expected = Array.from(
      { length: COUNT },
      (_, index) => `2025-${String(index + 1).padStart(4, '0')}`,
    )
    expect(numbers.toSorted()).toEqual(expected)
    const counter = await t.database.db
      .selectFrom('invoice_sequences')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(counter).toEqual({ year: 2025, last_number: COUNT })
  })
})
