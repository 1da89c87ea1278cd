import { QueryClient, type QueryKey, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it } from 'vitest'
import type { ListFilters } from '../api/admin-calls'
import { type AdminChange, invalidateAfter } from './admin-changes'
import { adminKeys } from './admin-keys'

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

/** One answer of each kind in the cache, for two enrollments. */
const ANSWERS = {
  list: adminKeys.list(FILTERS),
  lmaList: adminKeys.list({ ...FILTERS, type: 'Lma', query: ' acme ' }),
  dashboard: adminKeys.dashboard({ year: 2026, brand: '' }),
  lastYearDashboard: adminKeys.dashboard({ year: 2025, brand: 'chevy' }),
  notReEnrolled: adminKeys.notReEnrolled({ year: 2026, brand: '', region: '', type: '' }),
  session: adminKeys.session('admin'),
  auditTrail: adminKeys.auditTrail(2026),
  ...Object.fromEntries(
    ['a', 'b'].flatMap((guid) =>
      (['detail', 'history', 'notes', 'mails', 'invoice', 'reminders'] as const).map((facet) => [
        `${facet}:${guid}`,
        adminKeys[facet](guid),
      ]),
    ),
  ),
} satisfies Record<string, QueryKey>

let client: QueryClient
afterEach(() => client?.clear())

/** The answers `change` leaves out of date, by name. */
async function outOfDateAfter(change: AdminChange): Promise<string[]> {
  client = new QueryClient()
  for (const key of Object.values(ANSWERS)) client.setQueryData(key, ['an answer'])
  await invalidateAfter(client, change)
  return Object.entries(ANSWERS)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort()
}

const AGGREGATES = ['dashboard', 'lastYearDashboard', 'list', 'lmaList', 'notReEnrolled']
const allOf = (guid: string) =>
  ['detail', 'history', 'invoice', 'mails', 'notes', 'reminders'].map((facet) => `${facet}:${guid}`)

describe('what an admin action leaves out of date', () => {
  it('an approval (or any status action): every list, figure and panel of its enrollment, no other enrollment', async () => {
    expect(await outOfDateAfter({ action: 'status', guid: 'a', status: 'Approved' })).toEqual(
      [...AGGREGATES, ...allOf('a')].sort(),
    )
  })

  it('a saved change: the same, since kits, dealers, the representative and mails may change', async () => {
    expect(await outOfDateAfter({ action: 'save', guid: 'b' })).toEqual(
      [...AGGREGATES, ...allOf('b')].sort(),
    )
  })

  it('a bulk action: every enrollment, list and figure and the audit trail, never the sign-in', async () => {
    expect(await outOfDateAfter({ action: 'bulk' })).toEqual(
      [...AGGREGATES, 'auditTrail', ...allOf('a'), ...allOf('b')].sort(),
    )
  })

  it('a payment: its invoice and history, the lists (Overdue), the money and the audit trail, not the not-re-enrolled', async () => {
    expect(await outOfDateAfter({ action: 'payment', guid: 'a' })).toEqual(
      [
        'auditTrail',
        'dashboard',
        'history:a',
        'invoice:a',
        'lastYearDashboard',
        'list',
        'lmaList',
      ].sort(),
    )
  })

  it('a note: the notes of its enrollment only', async () => {
    expect(await outOfDateAfter({ action: 'note', guid: 'b' })).toEqual(['notes:b'])
  })

  it('a mail sent again: its mails and history, and the lists (Failed mail)', async () => {
    expect(await outOfDateAfter({ action: 'mail-again', guid: 'a' })).toEqual(
      ['history:a', 'list', 'lmaList', 'mails:a'].sort(),
    )
  })

  it('a status link re-issued: its mails and history only', async () => {
    expect(await outOfDateAfter({ action: 'status-link', guid: 'a' })).toEqual(
      ['history:a', 'mails:a'].sort(),
    )
  })

  it("invitations: the not-re-enrolled lists, the audit trail and each invited one's mails and history", async () => {
    expect(await outOfDateAfter({ action: 'invitations', guids: ['b'] })).toEqual(
      ['auditTrail', 'history:b', 'mails:b', 'notReEnrolled'].sort(),
    )
  })

  it('the rollover: the lists and figures, no panel', async () => {
    expect(await outOfDateAfter({ action: 'rollover' })).toEqual(AGGREGATES)
  })
})

describe('an answer on screen after an action', () => {
  it('is loaded again at once and stays shown until the new one comes; one not on screen waits', async () => {
    client = new QueryClient()
    let version = 1
    let listLoads = 0
    let dashboardLoads = 0
    const list = new QueryObserver(client, {
      queryKey: adminKeys.list(FILTERS),
      queryFn: async () => {
        listLoads += 1
        return `list ${version}`
      },
    })
    const seen: (string | undefined)[] = []
    const unsubscribe = list.subscribe((result) => seen.push(result.data))
    await expect.poll(() => list.getCurrentResult().data).toBe('list 1')
    client.setQueryData(adminKeys.dashboard({ year: 2026, brand: '' }), 'figures 1')
    client.setQueryDefaults(adminKeys.dashboards(), {
      queryFn: async () => {
        dashboardLoads += 1
        return 'figures 2'
      },
    })

    version = 2
    await invalidateAfter(client, { action: 'payment', guid: 'a' })
    expect(list.getCurrentResult().data).toBe('list 2')
    expect(listLoads).toBe(2)
    // Never blank in between: the first answer until the second.
    expect(seen.filter((data) => data !== undefined)).toEqual(
      expect.arrayContaining(['list 1', 'list 2']),
    )
    expect(seen.slice(seen.indexOf('list 1'))).not.toContain(undefined)
    // The dashboard is not on screen: out of date, loaded when it is shown next.
    expect(dashboardLoads).toBe(0)
    expect(
      client.getQueryState(adminKeys.dashboard({ year: 2026, brand: '' }))?.isInvalidated,
    ).toBe(true)
    unsubscribe()
  })
})

describe('the list rows after a status action', () => {
  const rows = [
    { guid: 'a', status: 'Approving' },
    { guid: 'b', status: 'Approving' },
  ]

  async function statusShown(status: string) {
    client = new QueryClient()
    let loads = 0
    const list = new QueryObserver(client, {
      queryKey: adminKeys.list(FILTERS),
      queryFn: async () => {
        loads += 1
        return loads === 1 ? rows : rows.filter((row) => row.guid !== 'a')
      },
    })
    const unsubscribe = list.subscribe(() => {})
    await expect.poll(() => list.getCurrentResult().data).toEqual(rows)
    const dashboard = adminKeys.dashboard({ year: 2026, brand: '' })
    client.setQueryData(dashboard, 'figures')
    await invalidateAfter(client, { action: 'status', guid: 'a', status })
    const shown = list.getCurrentResult().data
    const state = client.getQueryState(adminKeys.list(FILTERS))
    unsubscribe()
    return { shown, loads, stale: state?.isInvalidated, dashboard: client.getQueryState(dashboard) }
  }

  it('show the new status at once, then the list as the server has it', async () => {
    const { shown, loads } = await statusShown('Declined')
    expect(loads).toBe(2)
    expect(shown).toEqual([{ guid: 'b', status: 'Approving' }])
  })

  it("keep a deleted enrollment's row, as Deleted, until the list's next fetch", async () => {
    const { shown, loads, stale, dashboard } = await statusShown('Deleted')
    expect(loads).toBe(1)
    expect(shown).toEqual([
      { guid: 'a', status: 'Deleted' },
      { guid: 'b', status: 'Approving' },
    ])
    expect(stale).toBe(true)
    expect(dashboard?.isInvalidated).toBe(true)
  })
})
