import { describe, expect, it } from 'vitest'
import type { ListFilters } from '../api/admin-calls'
import type { ListRow } from './list-table'
import {
  coversYear,
  type LoadedYear,
  previousRowsText,
  rowsToShow,
  scopeOf,
  yearOf,
} from './loaded-year'

const row = (guid: string, type: 'Dealer' | 'Lma', status: string): ListRow => ({
  guid,
  year: 2025,
  brand: 'chevy',
  type,
  status,
  bac: type === 'Dealer' ? '123456' : '',
  name: guid,
  created: '2025-01-02T03:04:05.000Z',
  modified: '2025-01-02T03:04:05.000Z',
  erased: false,
  kits: 1,
  dealers: 1,
  amount: 325,
})

const YEAR = [
  row('a', 'Lma', 'Approved'),
  row('b', 'Dealer', 'Approving'),
  row('c', 'Dealer', 'Approved'),
  row('d', 'Lma', 'Authorizing'),
]
const ANY: ListFilters = {
  query: '',
  year: 2025,
  status: '',
  type: '',
  brand: '',
  attention: '',
  invoice: '',
  waiting: null,
}
const loaded: LoadedYear = { scope: scopeOf(ANY), rows: YEAR }
const guids = ({ rows }: { rows: ListRow[] }) => rows.map((item) => item.guid)

describe('the admin list before and after its answer', () => {
  it('shows a Type or Status change from the loaded year, in its order, before the answer', () => {
    expect(guids(rowsToShow('k1', { ...ANY, type: 'Dealer' }, null, loaded))).toEqual(['b', 'c'])
    expect(guids(rowsToShow('k2', { ...ANY, status: 'Approved' }, null, loaded))).toEqual([
      'a',
      'c',
    ])
    expect(
      guids(rowsToShow('k3', { ...ANY, type: 'Lma', status: 'Authorizing' }, null, loaded)),
    ).toEqual(['d'])
    expect(rowsToShow('k4', { ...ANY, type: 'Lma', status: 'Declined' }, null, loaded)).toEqual({
      rows: [],
      previous: null,
    })
  })

  it("shows the server's answer once it has come, whatever the loaded year holds", () => {
    const fresh = [row('e', 'Dealer', 'Approving')]
    const filters = { ...ANY, type: 'Dealer' }
    expect(rowsToShow('k1', filters, { key: 'k1', filters, rows: fresh }, loaded)).toEqual({
      rows: fresh,
      previous: null,
    })
  })

  it('keeps the previous answer for another year or search, marked as the previous filters', () => {
    const previous = { key: 'old', filters: ANY, rows: YEAR.slice(0, 1) }
    expect(rowsToShow('k1', { ...ANY, year: 2024 }, previous, loaded)).toEqual({
      rows: previous.rows,
      previous: ANY,
    })
    expect(rowsToShow('k2', { ...ANY, query: 'acme', type: 'Lma' }, previous, loaded)).toEqual({
      rows: previous.rows,
      previous: ANY,
    })
    expect(rowsToShow('k3', { ...ANY, year: 2024 }, null, loaded)).toEqual({
      rows: [],
      previous: null,
    })
    // Needs attention is the server's to answer: the rows held until then are marked too.
    expect(rowsToShow('k4', { ...ANY, attention: 'failed-mail' }, previous, loaded).previous).toBe(
      ANY,
    )
  })

  it("says whose rows an earlier answer's are: the year they are of while another loads", () => {
    expect(previousRowsText(ANY, { ...ANY, year: 2026 })).toBe('Showing 2025 while 2026 loads.')
    expect(previousRowsText(ANY, { ...ANY, query: 'acme' })).toBe(
      'Showing the previous results while these load.',
    )
  })

  it('treats a search with spaces around it as the same search', () => {
    const searched: LoadedYear = { scope: scopeOf({ ...ANY, query: 'acme' }), rows: YEAR }
    expect(
      guids(rowsToShow('k1', { ...ANY, query: ' acme ', type: 'Lma' }, null, searched)),
    ).toEqual(['a', 'd'])
  })

  it('takes only an answer without Type and Status as a loaded year', () => {
    expect(coversYear(ANY)).toBe(true)
    expect(coversYear({ ...ANY, query: 'acme' })).toBe(true)
    expect(coversYear({ ...ANY, type: 'Lma' })).toBe(false)
    expect(coversYear({ ...ANY, status: 'Approved' })).toBe(false)
  })

  it('shows a Brand change from the loaded year too; a Brand answer is no loaded year', () => {
    const mixed: LoadedYear = {
      scope: scopeOf(ANY),
      rows: [row('a', 'Lma', 'Approved'), { ...row('b', 'Dealer', 'Approving'), brand: 'gm' }],
    }
    expect(guids(rowsToShow('k1', { ...ANY, brand: 'gm' }, null, mixed))).toEqual(['b'])
    expect(coversYear({ ...ANY, brand: 'gm' })).toBe(false)
  })

  it('reads the loaded year of any Type, Status or Brand from the answer for the year and search alone', () => {
    const filters = { ...ANY, query: ' acme ', type: 'Lma', status: 'Approved', brand: 'gm' }
    expect(yearOf(filters)).toEqual({ ...ANY, query: 'acme' })
    expect(coversYear(yearOf(filters))).toBe(true)
    expect(scopeOf(yearOf(filters))).toBe(scopeOf(filters))
    // Needs attention and the dashboard's filters are the server's: their year is the whole year.
    expect(yearOf({ ...ANY, attention: 'failed-mail', waiting: 14 })).toEqual(ANY)
  })
})
