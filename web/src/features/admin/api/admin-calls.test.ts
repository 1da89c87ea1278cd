import type { EnrollmentListItem } from '@shared/enrollment/enrollment'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { editHeldRows, getEnrollmentList, type ListFilters } from './admin-calls'

const FILTERS: ListFilters = {
  query: '',
  year: 2026,
  status: '',
  type: '',
  brand: '',
  attention: '',
  invoice: '',
  waiting: null,
}

function row(guid: string, modified: string, status = 'Approving'): EnrollmentListItem {
  return {
    guid,
    year: 2026,
    brand: 'chevy',
    type: 'Dealer',
    status: status as EnrollmentListItem['status'],
    bac: '',
    name: guid,
    created: modified,
    modified,
    erased: false,
    kits: 1,
    dealers: 1,
    amount: 10,
  }
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'content-type': 'application/json', ...headers },
  })

afterEach(() => vi.unstubAllGlobals())

describe('the admin list in the browser', () => {
  it('loads the whole list once, then only what changed since, merged newest change first', async () => {
    const a = row('a', '2026-03-03T00:00:00.000Z')
    const b = row('b', '2026-03-02T00:00:00.000Z')
    const c = row('c', '2026-03-01T00:00:00.000Z')
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json([a, b, c], { 'list-cursor': '1_10:10:' }))
      .mockResolvedValueOnce(
        json({
          cursor: '2_12:12:',
          full: false,
          changed: [row('c', '2026-03-04T00:00:00.000Z', 'Approved')],
          removed: ['b'],
        }),
      )
      .mockResolvedValueOnce(json({ cursor: '3_13:13:', full: false, changed: [], removed: [] }))
    vi.stubGlobal('fetch', fetch)

    const first = await getEnrollmentList(FILTERS)
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/enrollments?year=2026')
    const second = await getEnrollmentList(FILTERS, undefined, first)
    expect(fetch.mock.calls[1]?.[0]).toBe('/api/enrollments/changes?year=2026&since=1_10%3A10%3A')
    expect(second.map((item) => [item.guid, item.status])).toEqual([
      ['c', 'Approved'],
      ['a', 'Approving'],
    ])
    // The next request asks from the cursor of the changes merged last, also once a status
    // was shown on the rows at once after an action.
    const shown = editHeldRows(second, (item) =>
      item.guid === 'a' ? { ...item, status: 'Approved' as const } : item,
    )
    await getEnrollmentList(FILTERS, undefined, shown)
    expect(fetch.mock.calls[2]?.[0]).toBe('/api/enrollments/changes?year=2026&since=2_12%3A12%3A')
  })

  it('asks for the whole list again for rows it has no cursor for, and for the Needs attention filters', async () => {
    const rows = [row('a', '2026-03-03T00:00:00.000Z')]
    const fetch = vi.fn().mockImplementation(async () => json(rows, { 'list-cursor': '1_10:10:' }))
    vi.stubGlobal('fetch', fetch)
    await getEnrollmentList(FILTERS, undefined, rows)
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/enrollments?year=2026')
    const failed = { ...FILTERS, attention: 'failed-mail' }
    const held = await getEnrollmentList(failed)
    await getEnrollmentList(failed, undefined, held)
    expect(fetch.mock.calls[2]?.[0]).toBe('/api/enrollments?year=2026&attention=failed-mail')
  })
})
