import { describe, expect, it } from 'vitest'
import {
  DEFAULT_LIST_SORT,
  formatListSort,
  type ListItem,
  listNameText,
  parseListSort,
  parseListStatus,
  parseListType,
  sortListItems,
} from './list-view.js'
import { rowKitCount } from './pricing.js'

const BRANDS = [
  { key: 'chevy', name: 'Chevrolet' },
  { key: 'gm', name: 'GM' },
]

const item = (guid: string, overrides: Partial<ListItem>): ListItem => ({
  guid,
  year: 2025,
  brand: 'chevy',
  type: 'Dealer',
  status: 'Approving',
  bac: '100',
  name: guid,
  created: '2025-01-01T00:00:00.000Z',
  modified: '2025-01-01T00:00:00.000Z',
  erased: false,
  kits: 1,
  dealers: 1,
  amount: 325,
  ...overrides,
})

const ITEMS = [
  item('a', { name: 'zeta motors', brand: 'gm', kits: 3, modified: '2025-01-03T00:00:00.000Z' }),
  item('b', { name: 'Alpha Motors', kits: 10, modified: '2025-01-05T00:00:00.000Z' }),
  item('c', { name: '', type: 'Lma', bac: '', kits: 2, modified: '2025-01-04T00:00:00.000Z' }),
  item('d', { name: 'beta motors', kits: 2, created: '2024-12-01T00:00:00.000Z' }),
]
const order = (sort: string) =>
  sortListItems(ITEMS, parseListSort(sort) ?? DEFAULT_LIST_SORT, BRANDS).map((row) => row.guid)

describe('the admin list’s sort (docs/product.md#enrollment-list)', () => {
  it('reads sort=key and sort=-key, in any case and with the older names; refuses others', () => {
    expect(parseListSort('submitted')).toEqual({ key: 'submitted', descending: false })
    expect(parseListSort('-dealerName')).toEqual({ key: 'dealerName', descending: true })
    expect(parseListSort('-DEALERNAME')).toEqual({ key: 'dealerName', descending: true })
    expect(parseListSort('name')).toEqual({ key: 'dealerName', descending: false })
    expect(parseListSort('-created')).toEqual({ key: 'submitted', descending: true })
    expect(parseListSort('colour')).toBeNull()
    expect(parseListSort('')).toBeNull()
    expect(formatListSort({ key: 'kits', descending: true })).toBe('-kits')
  })

  it('sorts by the value shown: names without case, Unavailable for a blank name, numbers as numbers', () => {
    expect(order('dealerName')).toEqual(['b', 'd', 'c', 'a'])
    expect(order('-dealerName')).toEqual(['a', 'c', 'd', 'b'])
    expect(order('kits')).toEqual(['c', 'd', 'a', 'b'])
    expect(order('brand')).toEqual(['b', 'c', 'd', 'a'])
    expect(order('submitted')).toEqual(['d', 'b', 'c', 'a'])
  })

  it('names an enrollment whose personal data was erased as such, not Unavailable', () => {
    expect(listNameText(item('e', { name: '', erased: true }))).toBe('Personal data erased')
    expect(listNameText(item('f', { name: '' }))).toBe('Unavailable')
  })

  it('is newest change first by default, and breaks ties that way', () => {
    expect(order('')).toEqual(['b', 'c', 'a', 'd'])
    // c and d have 2 kits each: c changed last, so it comes first either way.
    expect(order('-kits')).toEqual(['b', 'a', 'c', 'd'])
  })

  it('reads the Type and Status filters in any case, else Any', () => {
    expect(parseListType('LMA')).toBe('Lma')
    expect(parseListType('dealer')).toBe('Dealer')
    expect(parseListType('Agency')).toBeUndefined()
    expect(parseListStatus('approving')).toBe('Approving')
    expect(parseListStatus('Deleted')).toBeUndefined()
  })
})

describe('the kits a dealer row orders', () => {
  it('counts an English or Hispanic-only kit as one and the add-on as another; nothing without billing', () => {
    expect(rowKitCount({ kitSize: 'Large', hispanic: 'Yes', billing: 'Lma' })).toBe(2)
    expect(rowKitCount({ kitSize: 'Small', hispanic: 'No', billing: 'OpenParts' })).toBe(1)
    expect(rowKitCount({ kitSize: 'Small', hispanic: 'Only', billing: 'ImrFunds' })).toBe(1)
    expect(rowKitCount({ kitSize: 'Large', hispanic: 'Yes', billing: 'None' })).toBe(0)
    expect(rowKitCount({ kitSize: 'None', hispanic: 'None', billing: 'None' })).toBe(0)
  })
})
