import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminTestApp, createAdminTestApp } from '../test-support/admin-test-app.js'
import { cents, invoiceCalls, type Kit, lmaOrdering } from '../test-support/invoice-calls.js'
import { testDatabaseKinds } from '../test-support/test-database.js'

/** Hand-computed (docs/product.md#prices): Large $400, Small $325, Hispanic add-on $125 per kit. */
const COMBINATIONS: Array<Kit & { item: string; unitCents: number; totalCents: number }> = [
  {
    kitSize: 'Large',
    hispanic: 'Yes',
    item: 'Large English Kit',
    unitCents: 40000,
    totalCents: 52500,
  },
  {
    kitSize: 'Large',
    hispanic: 'No',
    item: 'Large English Kit',
    unitCents: 40000,
    totalCents: 40000,
  },
  {
    kitSize: 'Large',
    hispanic: 'Only',
    item: 'Large Hispanic-Only Kit',
    unitCents: 40000,
    totalCents: 40000,
  },
  {
    kitSize: 'Small',
    hispanic: 'Yes',
    item: 'Small English Kit',
    unitCents: 32500,
    totalCents: 45000,
  },
  {
    kitSize: 'Small',
    hispanic: 'No',
    item: 'Small English Kit',
    unitCents: 32500,
    totalCents: 32500,
  },
  {
    kitSize: 'Small',
    hispanic: 'Only',
    item: 'Small Hispanic-Only Kit',
    unitCents: 32500,
    totalCents: 32500,
  },
]

describe.each(testDatabaseKinds())('invoice totals on %s', (kind) => {
  let t: AdminTestApp
  let calls: ReturnType<typeof invoiceCalls>
  beforeAll(async () => {
    t = await createAdminTestApp(kind)
    calls = invoiceCalls(t)
  })
  afterAll(() => t.close())

  it.each(COMBINATIONS)(
    'a $kitSize kit with hispanic $hispanic',
    async ({ kitSize, hispanic, item, unitCents, totalCents }) => {
      const name = `Totals ${kitSize} ${hispanic} Dealers`
      const stored = await calls.submit(lmaOrdering(name, [{ kitSize, hispanic }]))
      await calls.act('approve', stored.guid)
      const invoice = await calls.invoice(stored.guid)
      const expectedItems = [
        { description: item, quantity: 1, unitCents, subtotalCents: unitCents },
      ]
      if (hispanic === 'Yes') {
        expectedItems.push({
          description: 'Hispanic Add-On Kit',
          quantity: 1,
          unitCents: 12500,
          subtotalCents: 12500,
        })
      }
      expect(
        invoice.items.map((entry) => ({
          description: entry.description,
          quantity: entry.quantity,
          unitCents: cents(entry.unitPrice),
          subtotalCents: cents(entry.subtotal),
        })),
      ).toEqual(expectedItems)
      expect(cents(invoice.subtotal)).toBe(totalCents)
      expect(cents(invoice.grandTotal)).toBe(totalCents)
    },
  )

  it('every combination on one invoice adds up to $2,425.00', async () => {
    const stored = await calls.submit(lmaOrdering('Totals Mixed Dealers', COMBINATIONS))
    await calls.act('approve', stored.guid)
    const invoice = await calls.invoice(stored.guid)
    expect(
      invoice.items.map((entry) => [entry.quantity, entry.description, cents(entry.subtotal)]),
    ).toEqual([
      [2, 'Large English Kit', 80000],
      [2, 'Small English Kit', 65000],
      [1, 'Large Hispanic-Only Kit', 40000],
      [1, 'Small Hispanic-Only Kit', 32500],
      [2, 'Hispanic Add-On Kit', 25000],
    ])
    expect(cents(invoice.subtotal)).toBe(242500)
    expect(cents(invoice.grandTotal)).toBe(242500)
  })
})
