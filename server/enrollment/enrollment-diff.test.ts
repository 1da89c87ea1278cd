import { describe, expect, it } from 'vitest'
import type { DealerEntry } from '../../shared/enrollment/enrollment.js'
import {
  dealerEnrollment,
  dealerEntry,
  lmaEnrollment,
} from '../test-support/enrollment-fixtures.js'
import { diffEnrollment } from './enrollment-diff.js'

const row = (bac: string, name: string, overrides: Partial<DealerEntry> = {}): DealerEntry =>
  dealerEntry({ bac, name, kitSize: 'Large', hispanic: 'No', billing: 'Lma', ...overrides })

describe('the history diff (docs/product.md#history)', () => {
  const lma = lmaEnrollment(0)
  const table = [row('1001', 'North Chevy'), row('1002', 'South Chevy'), row('1003', 'East Chevy')]
  const content = (dealers: DealerEntry[]) => ({ regionId: 3, lma: lma.lma, dealers })

  it('names an LMA’s removed and added dealer rows, not every row that moved up', () => {
    const after = [
      table[1],
      table[2],
      row('1004', 'West Chevy', { hispanic: 'Yes' }),
    ] as DealerEntry[]
    expect(diffEnrollment(content(table), content(after))).toEqual([
      {
        field: 'dealers[0]',
        before: { bac: '1001', name: 'North Chevy', kitSize: 'Large', hispanic: 'No' },
        after: null,
      },
      {
        field: 'dealers[2]',
        before: null,
        after: { bac: '1004', name: 'West Chevy', kitSize: 'Large', hispanic: 'Yes' },
      },
      // $400 for North went, $525 for West came: the year's cost went from $1,200 to $1,325.
      { field: 'yearlyCost', before: 1200, after: 1325 },
    ])
  })

  it('names a kept row’s changed fields with its BAC and name; moving rows is no change', () => {
    const after = [table[2], { ...table[0], kitSize: 'Small' }, table[1]] as DealerEntry[]
    expect(diffEnrollment(content(table), content(after))).toEqual([
      {
        field: 'dealers[1].kitSize',
        before: 'Large',
        after: 'Small',
        row: '1001 North Chevy',
      },
      { field: 'yearlyCost', before: 1200, after: 1125 },
    ])
    expect(diffEnrollment(content(table), content([...table].reverse()))).toEqual([])
  })

  it('keeps a dealer enrollment’s one entry in place: a new BAC is a changed field', () => {
    const before = dealerEnrollment({ bac: '2001', name: 'Solo Motors', billing: 'OpenParts' })
    const after = dealerEnrollment({
      bac: '2002',
      name: 'Solo Motors',
      billing: 'None',
      kitSize: 'None',
      hispanic: 'None',
    })
    expect(diffEnrollment(before, { ...after, regionId: 5 })).toEqual([
      { field: 'regionId', before: null, after: 5 },
      { field: 'dealers[0].bac', before: '2001', after: '2002' },
      { field: 'dealers[0].kitSize', before: 'Large', after: 'None' },
      { field: 'dealers[0].hispanic', before: 'No', after: 'None' },
      { field: 'dealers[0].billing', before: 'OpenParts', after: 'None' },
      { field: 'yearlyCost', before: 400, after: 0 },
    ])
  })
})
