import { describe, expect, it } from 'vitest'
import type { DealerBilling, HispanicOption, KitSize } from '../domain/enrollment-choices.js'
import {
  centsToDollars,
  dealerRowCostCents,
  INVOICE_ITEM_DESCRIPTIONS,
  invoiceItems,
  KIT_PRICES_CENTS,
  type PricedRow,
} from './pricing.js'

const row = (
  kitSize: KitSize | '',
  hispanic: HispanicOption | '',
  billing: PricedRow['billing'] = 'Lma',
) => ({
  kitSize,
  hispanic,
  billing,
})

describe('dealerRowCostCents', () => {
  it.each([
    ['Large', 'Yes', 52500],
    ['Large', 'No', 40000],
    ['Large', 'Only', 40000],
    ['Large', 'None', 0],
    ['Large', '', 0],
    ['Small', 'Yes', 45000],
    ['Small', 'No', 32500],
    ['Small', 'Only', 32500],
    ['Small', 'None', 0],
    ['Small', '', 0],
    ['None', 'Yes', 0],
    ['None', 'No', 0],
    ['None', 'Only', 0],
    ['None', 'None', 0],
    ['', 'Yes', 0],
  ] as const)('%s kit, hispanic %s: %i cents', (kitSize, hispanic, cents) => {
    for (const billing of ['Lma', 'ImrFunds', 'OpenParts'] as const) {
      expect(dealerRowCostCents(row(kitSize, hispanic, billing))).toBe(cents)
    }
  })

  it('is 0 for every combination when billing is None', () => {
    for (const kitSize of ['Small', 'Large', 'None'] as const) {
      for (const hispanic of ['Yes', 'No', 'Only', 'None'] as const) {
        expect(dealerRowCostCents(row(kitSize, hispanic, 'None' satisfies DealerBilling))).toBe(0)
      }
    }
  })

  it('uses the prices given', () => {
    const prices = { Large: 50000, Small: 30000, HispanicAddOn: 10000 }
    expect(dealerRowCostCents(row('Large', 'Yes'), prices)).toBe(60000)
    expect(dealerRowCostCents(row('Small', 'Only'), prices)).toBe(30000)
    expect(dealerRowCostCents(row('Small', 'No'), prices)).toBe(30000)
  })
})

describe('invoiceItems', () => {
  it('lists the five items in the fixed order with quantities and totals', () => {
    const rows = [
      row('Large', 'Yes'),
      row('Large', 'No'),
      row('Large', 'Only'),
      row('Small', 'Yes'),
      row('Small', 'Only'),
      row('Small', 'Only'),
      row('Small', 'None'),
      row('Large', 'Yes', 'None'),
    ]
    expect(invoiceItems(rows)).toEqual({
      items: [
        {
          description: 'Large English Kit',
          quantity: 2,
          unitPriceCents: 40000,
          subtotalCents: 80000,
        },
        {
          description: 'Small English Kit',
          quantity: 1,
          unitPriceCents: 32500,
          subtotalCents: 32500,
        },
        {
          description: 'Large Hispanic-Only Kit',
          quantity: 1,
          unitPriceCents: 40000,
          subtotalCents: 40000,
        },
        {
          description: 'Small Hispanic-Only Kit',
          quantity: 2,
          unitPriceCents: 32500,
          subtotalCents: 65000,
        },
        {
          description: 'Hispanic Add-On Kit',
          quantity: 2,
          unitPriceCents: 12500,
          subtotalCents: 25000,
        },
      ],
      subtotalCents: 242500,
      grandTotalCents: 242500,
    })
  })

  it('totals the same as the row costs', () => {
    const rows = [
      row('Large', 'Yes'),
      row('Small', 'No'),
      row('Small', 'Only'),
      row('Large', 'Only'),
    ]
    const sum = rows.reduce((total, r) => total + dealerRowCostCents(r), 0)
    expect(invoiceItems(rows).grandTotalCents).toBe(sum)
  })

  it('keeps zero-quantity items for no rows', () => {
    const result = invoiceItems([])
    expect(result.items.map((item) => item.description)).toEqual([...INVOICE_ITEM_DESCRIPTIONS])
    expect(result.items.every((item) => item.quantity === 0 && item.subtotalCents === 0)).toBe(true)
    expect(result.subtotalCents).toBe(0)
    expect(result.grandTotalCents).toBe(0)
  })

  it('uses the prices given', () => {
    const prices = { Large: 1, Small: 2, HispanicAddOn: 3 }
    const result = invoiceItems([row('Large', 'Yes'), row('Small', 'Only')], prices)
    expect(result.items.map((item) => item.unitPriceCents)).toEqual([1, 2, 1, 2, 3])
    expect(result.grandTotalCents).toBe(1 + 3 + 2)
  })
})

describe('money', () => {
  it('has the configured default prices', () => {
    expect(KIT_PRICES_CENTS).toEqual({ Large: 40000, Small: 32500, HispanicAddOn: 12500 })
  })

  it.each([
    [125050, 1250.5],
    [0, 0],
    [1, 0.01],
    [40000, 400],
  ])('centsToDollars(%i) = %d', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars)
  })
})
